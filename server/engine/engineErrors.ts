import { ErrorCode } from '../../schemas/api/common';

/**
 * Engine failures. Each carries the HTTP status and the shared error code it stands for,
 * so the server's one error handler answers them without knowing the engine; the classes
 * set `name` explicitly so it survives bundling.
 */
export class EngineError extends Error {
  /** The stable code of the API's error body. */
  readonly code: ErrorCode;
  /** The HTTP status this failure maps to. */
  readonly statusCode: number;

  constructor(statusCode: number, code: ErrorCode, message: string) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
    this.statusCode = statusCode;
  }
}

/** Something named by id does not exist in this tenant. */
export class NotFoundError extends EngineError {
  constructor(message: string) {
    super(404, ErrorCode.notFound, message);
    this.name = 'NotFoundError';
  }
}

/** The state changed under the caller: the task was claimed or completed by someone else. */
export class ConflictError extends EngineError {
  constructor(message: string) {
    super(409, ErrorCode.conflict, message);
    this.name = 'ConflictError';
  }
}

/** A start named a retired process version: new cases take the process's live version. */
export class RetiredDefinitionError extends EngineError {
  constructor(name: string) {
    super(
      409,
      ErrorCode.processRetired,
      `This version of ${name} is retired: start its current version.`,
    );
    this.name = 'RetiredDefinitionError';
  }
}

/** The user may not do this to this task. */
export class ForbiddenError extends EngineError {
  constructor(message: string) {
    super(403, ErrorCode.forbidden, message);
    this.name = 'ForbiddenError';
  }
}

/**
 * A caller handed the engine input outside its bounds (a lock of a week, a worker id of a
 * thousand characters, a variable that is no JSON value): refused before anything changes.
 * The message names the field and its bound, in English; the routes layer translates codes.
 */
export class InvalidInputError extends EngineError {
  constructor(message: string) {
    super(400, ErrorCode.validation, message);
    this.name = 'InvalidInputError';
  }
}

/** One problem found in a process definition at deploy, naming the element where known. */
export interface DeployError {
  /** The BPMN id of the element at fault, or null for file-level problems. */
  readonly elementId: string | null;
  /** The moddle type of that element, such as `bpmn:ScriptTask`, or null. */
  readonly elementType: string | null;
  /** A sentence an author can act on; it repeats the type and id. */
  readonly message: string;
}

/** A definition was refused at deploy; `errors` lists every problem found, not just the first. */
export class DefinitionRefusedError extends EngineError {
  /** The individual problems. */
  readonly errors: readonly DeployError[];

  constructor(errors: readonly DeployError[]) {
    super(
      400,
      ErrorCode.validation,
      `Process definition refused: ${errors.map((error) => error.message).join('; ')}`,
    );
    this.name = 'DefinitionRefusedError';
    this.errors = errors;
  }
}

/**
 * A running process cannot advance from where it stands (no outgoing flow of an exclusive
 * gateway matched, a missing handler): the step is rolled back and the state kept.
 */
export class ProcessExecutionError extends EngineError {
  constructor(message: string) {
    super(409, ErrorCode.conflict, message);
    this.name = 'ProcessExecutionError';
  }
}
