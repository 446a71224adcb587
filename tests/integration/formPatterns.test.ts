import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../schemas/api/common';
import { FormPath } from '../../schemas/api/forms';
import { deployFormProcesses, makeFormTask } from '../../server/forms/testing/formTestKit';
import { storeFormDefinition } from '../../server/forms/seedFormDefinitions';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';
import type { IdentityClient } from './identityClient';

const FORM_ID = 'pattern-checks';

/** Patterns that take a backtracking engine from seconds to minutes on a few thousand characters. */
const PATTERN_FORM = {
  key: FORM_ID,
  name: 'Pattern checks',
  fields: [
    { id: 'alternation', name: 'Alternation', type: 'text', regexPattern: '(x|x)*y' },
    { id: 'doubling', name: 'Doubling', type: 'text', regexPattern: '^(a|aa)*$' },
    {
      id: 'digits',
      name: 'Digits',
      type: 'text',
      regexPattern: '^\\d*\\d*\\d*\\d*\\d*\\d*\\d*\\d*$',
    },
    {
      id: 'reference',
      name: 'Reference',
      type: 'text',
      placeholder: 'AB-1234',
      regexPattern: '^[A-Z]{2}-\\d{4}$',
    },
    {
      id: 'branch',
      name: 'Branch',
      type: 'text',
      placeholder: 'Enter the branch code',
      regexPattern: '^\\d{4}$',
    },
  ],
};

describe('form patterns on saves', () => {
  let server: TestServer;
  let lucas: IdentityClient;

  beforeAll(async () => {
    server = await startTestServer();
    await storeFormDefinition(server.app.database.db, {
      tenant: 'internal',
      id: FORM_ID,
      kind: 'plain',
      definition: PATTERN_FORM,
    });
    await deployFormProcesses(server, [FORM_ID]);
    lucas = await signIn(server, EMAIL.lmartin);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('given catastrophic patterns and 10,000 characters, when saving, then the check answers at once and right', async () => {
    const task = await makeFormTask(server, { formKey: FORM_ID, assignee: 'lmartin' });
    // Warm up: the form is compiled and its validators built on the first save.
    await call(lucas, 'PUT', FormPath.draft(task.id), { values: {} });
    const started = performance.now();
    const refused = await call(lucas, 'PUT', FormPath.draft(task.id), {
      values: {
        alternation: 'x'.repeat(10_000),
        doubling: `${'a'.repeat(10_000)}b`,
        digits: `${'1'.repeat(10_000)}a`,
      },
    });
    const accepted = await call(lucas, 'PUT', FormPath.draft(task.id), {
      values: {
        alternation: `${'x'.repeat(10_000)}y`,
        doubling: 'a'.repeat(10_000),
        digits: '1'.repeat(10_000),
      },
    });
    const elapsed = performance.now() - started;
    expect(refused.statusCode).toBe(422);
    expect(refused.json<ErrorBody>().details?.map(({ path, code }) => ({ path, code }))).toEqual([
      { path: 'alternation', code: 'validation.pattern' },
      { path: 'doubling', code: 'validation.pattern' },
      { path: 'digits', code: 'validation.pattern' },
    ]);
    expect(accepted.statusCode).toBe(200);
    // A backtracking engine needs from 7 s to over a minute here; linear time is milliseconds.
    // The bound is loose so that a loaded machine passes, with two whole HTTP calls in it.
    expect(elapsed).toBeLessThan(3_000);
  });

  it('given a pattern field whose placeholder shows the format, when a save breaks it, then the error names that format', async () => {
    const task = await makeFormTask(server, { formKey: FORM_ID, assignee: 'lmartin' });
    const refused = await call(lucas, 'PUT', FormPath.draft(task.id), {
      values: { reference: 'AB1234', branch: '12' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<ErrorBody>().details).toEqual([
      {
        path: 'reference',
        code: 'validation.pattern',
        params: { context: 'example', example: 'AB-1234' },
      },
      // A placeholder that is an instruction, not the format, is not shown as one.
      { path: 'branch', code: 'validation.pattern', params: {} },
    ]);
  });
});
