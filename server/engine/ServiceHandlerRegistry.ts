import type { Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import type { Variables } from './expressions/expressionAst';
import { EXTERNAL_TASK_TYPES } from './elements/readExternalTask';
import { creditCheck } from './handlers/creditCheck';

/** What a service task handler is told about the step it runs. */
export interface ServiceTaskContext {
  readonly tenant: string;
  readonly instanceId: string;
  readonly definitionId: string;
  readonly definitionKey: string;
  /** The BPMN id of the service task. */
  readonly elementId: string;
  /** Who started the instance. */
  readonly startedBy: string;
  /** The process variables as they stand when the token reaches the task. */
  readonly variables: Readonly<Variables>;
  /** The task's `camunda:property` values with `${...}` rendered. */
  readonly properties: Readonly<Record<string, string>>;
  /**
   * The engine's open transaction: whatever the handler writes commits or rolls back with
   * the step.
   */
  readonly db: Transaction<DatabaseSchema>;
}

/**
 * Runs one service task. Returned variables (if any) are merged into the process variables;
 * a thrown error rolls back the whole step (the user's completion included).
 */
export type ServiceHandler = (
  context: ServiceTaskContext,
) => Promise<Variables | undefined> | Promise<void>;

/** What a handler declares about itself when it is registered. */
export interface ServiceHandlerOptions {
  /**
   * The process variables the handler sets (whenever the process goes on to read them), so
   * deploy can tell which later reads (task names, conditions) they satisfy. Declared, not
   * enforced: the engine merges whatever the handler returns, as before.
   */
  readonly outputs?: readonly string[];
}

/** Handlers by the name a BPMN service task binds with `camunda:type`. */
export class ServiceHandlerRegistry {
  private readonly handlers = new Map<string, ServiceHandler>();
  private readonly outputs = new Map<string, readonly string[]>();

  /**
   * Adds a handler; a second handler under one name is a programming error and throws, and
   * so does `external` or `external-worker`: those types hand a task to an outside worker,
   * so a handler of that name could never run.
   */
  register(name: string, handler: ServiceHandler, options: ServiceHandlerOptions = {}): void {
    if (EXTERNAL_TASK_TYPES.has(name)) {
      throw new Error(`'${name}' marks an external task and cannot name a service handler`);
    }
    if (this.handlers.has(name)) {
      throw new Error(`A service handler named '${name}' is already registered`);
    }
    this.handlers.set(name, handler);
    if (options.outputs !== undefined) this.outputs.set(name, [...options.outputs]);
  }

  /** The variables a handler declared it sets; undefined when it declared none. */
  outputsOf(name: string): readonly string[] | undefined {
    return this.outputs.get(name);
  }

  /** Whether a handler of this name exists; deploy refuses definitions naming others. */
  has(name: string): boolean {
    return this.handlers.has(name);
  }

  /** The handler of this name, if registered. */
  get(name: string): ServiceHandler | undefined {
    return this.handlers.get(name);
  }

  /** The registered names, sorted, for error messages. */
  names(): string[] {
    return [...this.handlers.keys()].sort();
  }
}

/**
 * The server's shared registry; features add their handlers to it at start-up. The demo
 * `creditCheck` is built in because the loan-origination fixture needs it.
 */
export const serviceHandlers = new ServiceHandlerRegistry();
serviceHandlers.register('creditCheck', creditCheck, {
  outputs: ['creditScore', 'creditCheckPassed'],
});

/** Registers a handler in the server's shared registry (see {@link ServiceHandlerRegistry}). */
export function registerServiceHandler(
  name: string,
  handler: ServiceHandler,
  options: ServiceHandlerOptions = {},
): void {
  serviceHandlers.register(name, handler, options);
}
