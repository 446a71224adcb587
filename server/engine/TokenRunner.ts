import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { compiledCondition } from './compiledCondition';
import { compiledTemplate } from './compiledTemplate';
import { ProcessExecutionError } from './engineErrors';
import { toTask } from './engineRows';
import type { DatabaseSchema } from '../db/schema';
import { evaluateCondition } from './evaluateExpression';
import type { Variables } from './expressionAst';
import { renderTemplate } from './parseTemplate';
import type { Task, TaskCandidates } from './processEngineTypes';
import type {
  ExclusiveGatewayNode,
  ParallelGatewayNode,
  ProcessModel,
  ServiceTaskNode,
  UserTaskNode,
} from './processModel';
import { resolveUserTask } from './resolveUserTask';
import type { ServiceHandlerRegistry } from './ServiceHandlerRegistry';

/** The instance facts a run needs; `variables` is updated in place as handlers return. */
export interface RunningInstance {
  readonly id: string;
  readonly tenant: string;
  readonly definitionId: string;
  readonly definitionKey: string;
  readonly startedBy: string;
  readonly startedAt: Date;
  variables: Variables;
}

/** What a run may use beyond the transaction: handlers, the clock, the task hook. */
export interface TokenRunnerDependencies {
  readonly handlers: ServiceHandlerRegistry;
  readonly now: Date;
  readonly onTaskCreated: (task: Task, candidates: TaskCandidates) => Promise<void>;
}

/** A token in motion: its row id, where it is, and the flow it came over. */
interface Token {
  readonly id: string;
  readonly nodeId: string;
  readonly via: string | null;
}

/**
 * A process that loops without a wait state is refused at deploy; this bound is the
 * second line of defence against a runaway step holding a transaction.
 */
const maxStepsPerRun = 10_000;

/**
 * Moves the tokens of one instance inside one transaction until each rests at a user task
 * or a parallel join, or is consumed by an end event. Token positions live in
 * `process_executions`; nothing is kept in memory between calls. The caller holds the
 * instance row lock, so no other run sees the instance half-way.
 */
export class TokenRunner {
  constructor(
    private readonly db: Transaction<DatabaseSchema>,
    private readonly model: ProcessModel,
    private readonly instance: RunningInstance,
    private readonly dependencies: TokenRunnerDependencies,
  ) {}

  /** Creates the first token at the start event and runs it to its first wait states. */
  async start(): Promise<void> {
    const id = await this.insertToken(this.model.startEventId, null);
    await this.run([{ id, nodeId: this.model.startEventId, via: null }]);
  }

  /** Moves the token resting at a just-completed user task on over its outgoing flow. */
  async leave(executionId: string, elementId: string): Promise<void> {
    const node = this.model.nodes[elementId];
    if (node?.kind !== 'userTask') {
      throw new ProcessExecutionError(`'${elementId}' is not a user task of this process`);
    }
    await this.run([
      this.follow({ id: executionId, nodeId: elementId, via: null }, this.single(node.outgoing)),
    ]);
  }

  /** Whether any token is left; when none is, the instance has ended. */
  async hasTokens(): Promise<boolean> {
    const row = await this.db
      .selectFrom('process_executions')
      .select('id')
      .where('tenant', '=', this.instance.tenant)
      .where('instance_id', '=', this.instance.id)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  private async run(initial: readonly Token[]): Promise<void> {
    const queue = [...initial];
    let steps = 0;
    for (let token = queue.shift(); token !== undefined; token = queue.shift()) {
      steps += 1;
      if (steps > maxStepsPerRun) {
        throw new ProcessExecutionError(`instance ${this.instance.id} did not reach a wait state`);
      }
      const node = this.model.nodes[token.nodeId];
      if (node === undefined) {
        throw new ProcessExecutionError(`a token reached unknown element '${token.nodeId}'`);
      }
      switch (node.kind) {
        case 'startEvent':
          queue.push(this.follow(token, this.single(node.outgoing)));
          break;
        case 'endEvent':
          await this.deleteTokens([token.id]);
          break;
        case 'userTask':
          await this.park(token, 'active');
          await this.createTask(node, token);
          break;
        case 'serviceTask':
          await this.runService(node);
          queue.push(this.follow(token, this.single(node.outgoing)));
          break;
        case 'noopTask':
          queue.push(this.follow(token, this.single(node.outgoing)));
          break;
        case 'exclusiveGateway':
          queue.push(this.follow(token, this.choose(node)));
          break;
        case 'parallelGateway':
          queue.push(...(await this.parallel(node, token)));
          break;
      }
    }
  }

  private follow(token: Token, flowId: string): Token {
    const flow = this.model.flows[flowId];
    if (flow === undefined) throw new ProcessExecutionError(`unknown sequence flow '${flowId}'`);
    return { id: token.id, nodeId: flow.target, via: flowId };
  }

  private single(outgoing: readonly string[]): string {
    const [flowId] = outgoing;
    if (flowId === undefined) throw new ProcessExecutionError('a flow node has no outgoing flow');
    return flowId;
  }

  /** Takes the first flow, in document order, whose condition holds; else the default. */
  private choose(node: ExclusiveGatewayNode): string {
    for (const flowId of node.outgoing) {
      if (flowId === node.defaultFlow) continue;
      const condition = this.model.flows[flowId]?.condition ?? null;
      if (
        condition === null ||
        evaluateCondition(compiledCondition(condition), this.instance.variables)
      ) {
        return flowId;
      }
    }
    if (node.defaultFlow !== null) return node.defaultFlow;
    throw new ProcessExecutionError(
      `exclusive gateway '${node.id}': no outgoing flow's condition holds and there is no default flow`,
    );
  }

  /** Joins (when several flows lead in) and forks (onto every outgoing flow). */
  private async parallel(node: ParallelGatewayNode, token: Token): Promise<Token[]> {
    let continuing = token;
    // 1. Join: the token waits here until one token has arrived over each incoming flow.
    if (node.incoming.length > 1) {
      await this.park(token, 'waiting');
      const waiting = await this.db
        .selectFrom('process_executions')
        .select(['id', 'arrived_via'])
        .where('tenant', '=', this.instance.tenant)
        .where('instance_id', '=', this.instance.id)
        .where('element_id', '=', node.id)
        .where('state', '=', 'waiting')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const arrivals = node.incoming.map((flowId) =>
        waiting.find((row) => row.arrived_via === flowId),
      );
      if (arrivals.some((row) => row === undefined)) return [];
      // 2. All there: one token per incoming flow is consumed; the first carries on.
      const consumed = arrivals.flatMap((row) => (row === undefined ? [] : [row.id]));
      const [first, ...others] = consumed;
      if (first === undefined) return [];
      await this.deleteTokens(others);
      await this.park({ id: first, nodeId: node.id, via: null }, 'active');
      continuing = { id: first, nodeId: node.id, via: null };
    }
    // 3. Fork: the carrying token takes the first flow, new tokens the others.
    const tokens: Token[] = [];
    for (const [index, flowId] of node.outgoing.entries()) {
      const id = index === 0 ? continuing.id : await this.insertToken(node.id, null);
      tokens.push(this.follow({ id, nodeId: node.id, via: null }, flowId));
    }
    return tokens;
  }

  private async runService(node: ServiceTaskNode): Promise<void> {
    const handler = this.dependencies.handlers.get(node.handler);
    if (handler === undefined) {
      throw new ProcessExecutionError(
        `service task '${node.id}': no handler named '${node.handler}' is registered`,
      );
    }
    // Built with fromEntries so a property named `__proto__` stays an ordinary key.
    const properties = Object.fromEntries(
      Object.entries(node.properties).map(([name, value]) => [
        name,
        renderTemplate(compiledTemplate(value), this.instance.variables),
      ]),
    );
    const result = await handler({
      tenant: this.instance.tenant,
      instanceId: this.instance.id,
      definitionId: this.instance.definitionId,
      definitionKey: this.instance.definitionKey,
      elementId: node.id,
      startedBy: this.instance.startedBy,
      variables: structuredClone(this.instance.variables),
      properties,
      db: this.db,
    });
    if (result) this.instance.variables = { ...this.instance.variables, ...result };
    await this.history(null, 'serviceTaskRun', null, {
      elementId: node.id,
      handler: node.handler,
      variables: result ? Object.keys(result) : [],
    });
  }

  private async createTask(node: UserTaskNode, token: Token): Promise<void> {
    // 1. Fill in the templates from the variables as they stand now.
    const resolved = resolveUserTask(node, this.instance.variables, {
      instanceStartedAt: this.instance.startedAt,
      taskCreatedAt: this.dependencies.now,
    });
    // 2. Write the task and its candidates.
    const row = await this.db
      .insertInto('tasks')
      .values({
        id: randomUUID(),
        tenant: this.instance.tenant,
        instance_id: this.instance.id,
        definition_id: this.instance.definitionId,
        execution_id: token.id,
        element_id: node.id,
        name: resolved.name,
        form_key: resolved.formKey,
        assignee: resolved.assignee,
        created_at: this.dependencies.now,
        due_date: resolved.dueDate,
        state: 'open',
        completed_at: null,
        completed_by: null,
        outcome: null,
        variables: '{}',
        initiator_can_complete: resolved.initiatorCanCompleteTask,
        priority: resolved.priority,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const candidateRows = [
      ...resolved.candidateUsers.map((principal) => ({ kind: 'user' as const, principal })),
      ...resolved.candidateGroups.map((principal) => ({ kind: 'group' as const, principal })),
    ].map((candidate) => ({ ...candidate, tenant: this.instance.tenant, task_id: row.id }));
    if (candidateRows.length > 0) {
      await this.db.insertInto('task_candidates').values(candidateRows).execute();
    }
    // 3. Record it and tell the subscribers, inside the same transaction.
    const candidates = { users: resolved.candidateUsers, groups: resolved.candidateGroups };
    await this.history(row.id, 'taskCreated', null, {
      elementId: node.id,
      name: row.name,
      assignee: row.assignee,
      candidates,
    });
    await this.dependencies.onTaskCreated(toTask(row), candidates);
  }

  private async insertToken(elementId: string, via: string | null): Promise<string> {
    const id = randomUUID();
    await this.db
      .insertInto('process_executions')
      .values({
        id,
        tenant: this.instance.tenant,
        instance_id: this.instance.id,
        element_id: elementId,
        state: 'active',
        arrived_via: via,
        created_at: this.dependencies.now,
      })
      .execute();
    return id;
  }

  private async park(token: Token, state: 'active' | 'waiting'): Promise<void> {
    await this.db
      .updateTable('process_executions')
      .set({ element_id: token.nodeId, state, arrived_via: token.via })
      .where('tenant', '=', this.instance.tenant)
      .where('id', '=', token.id)
      .execute();
  }

  private async deleteTokens(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .deleteFrom('process_executions')
      .where('tenant', '=', this.instance.tenant)
      .where('id', 'in', ids)
      .execute();
  }

  /** Appends a history row for this instance. */
  async history(
    taskId: string | null,
    event: string,
    actor: string | null,
    payload: Record<string, unknown>,
  ): Promise<void> {
    await this.db
      .insertInto('process_history')
      .values({
        tenant: this.instance.tenant,
        instance_id: this.instance.id,
        task_id: taskId,
        event,
        actor,
        at: this.dependencies.now,
        payload: JSON.stringify(payload),
      })
      .execute();
  }
}
