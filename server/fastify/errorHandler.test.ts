import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type ErrorBody } from '../../schemas/api/common';
import { EngineError, NotFoundError, ProcessExecutionError } from '../engine';
import { errorHandlerPlugin } from './errorHandler';

describe('the error handler', () => {
  const app = Fastify({ logger: false });

  beforeAll(async () => {
    await app.register(errorHandlerPlugin);
    app.get('/claimed', async () => {
      // A code that the status alone would not give: 409 maps to CONFLICT by status.
      throw new EngineError(409, ErrorCode.taskAlreadyClaimed, 'Claimed first by someone else');
    });
    app.get('/missing', async () => {
      throw new NotFoundError('No task t-1');
    });
    app.get('/stuck', async () => {
      throw new ProcessExecutionError('No outgoing flow matched');
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
  });

  it('given an engine error with its own code, when a handler throws it, then the answer keeps its status and code', async () => {
    const response = await app.inject({ url: '/claimed' });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>()).toEqual({
      statusCode: 409,
      code: ErrorCode.taskAlreadyClaimed,
      message: 'Claimed first by someone else',
    });
  });

  it('given the engine’s named failures, when thrown, then each answers by its class', async () => {
    expect((await app.inject({ url: '/missing' })).json<ErrorBody>()).toMatchObject({
      statusCode: 404,
      code: ErrorCode.notFound,
    });
    expect((await app.inject({ url: '/stuck' })).json<ErrorBody>()).toMatchObject({
      statusCode: 409,
      code: ErrorCode.conflict,
    });
  });
});
