import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../schemas/api/common';
import { FormPath, type TaskFormAnswer } from '../../schemas/api/forms';
import {
  deployFormProcesses,
  makeFormTask,
  storedTask,
} from '../../server/forms/testing/formTestKit';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import type { IdentityClient } from './identityClient';

/** The onboarding form's GPS field. */
const GPS_FIELD = 'branchLocation';

describe('GPS values on the server', () => {
  let server: TestServer;
  let lucas: IdentityClient;

  beforeAll(async () => {
    server = await startTestServer();
    await deployFormProcesses(server, ['DSG-customer-onboarding']);
    lucas = await signIn(server, EMAIL.lmartin);
  });

  afterAll(async () => {
    await server?.close();
  });

  const newTask = () =>
    makeFormTask(server, { formKey: 'DSG-customer-onboarding', assignee: 'lmartin' });

  it('given a position that is not a bracketed pair of numbers or is out of range, when saved, then 422 names the field and nothing is stored', async () => {
    const task = await newTask();
    const refusals: [unknown, string][] = [
      ['41.38879, 2.15899', 'validation.gps.invalid'],
      ['[41.38879]', 'validation.gps.invalid'],
      ['["41.38879", "2.15899"]', 'validation.gps.invalid'],
      [[41.38879, 2.15899, 7], 'validation.gps.invalid'],
      [{ latitude: 41.38879, longitude: 2.15899 }, 'validation.gps.invalid'],
      [[91, 2.15899], 'validation.gps.latitude'],
      ['[41.38879, -180.5]', 'validation.gps.longitude'],
    ];
    for (const [value, code] of refusals) {
      const response = await call(lucas, 'PUT', FormPath.draft(task.id), {
        values: { [GPS_FIELD]: value },
      });
      expect(response.statusCode, JSON.stringify(value)).toBe(422);
      const details = response.json<ErrorBody>().details ?? [];
      expect(details.map(({ path, code: found }) => ({ path, code: found }))).toContainEqual({
        path: GPS_FIELD,
        code,
      });
    }
    const { variables } = await storedTask(server, task.id);
    expect(variables).not.toHaveProperty(GPS_FIELD);
  });

  it('given a position as a JSON string of two numbers, when saved, then it is stored as the array to 5 decimals', async () => {
    const task = await newTask();
    const response = await call(lucas, 'PUT', FormPath.draft(task.id), {
      values: { [GPS_FIELD]: '[41.388791234, 2.158993]' },
    });
    expect(response.statusCode).toBe(200);
    const form = await call(lucas, 'GET', FormPath.taskForm(task.id));
    expect(form.json<TaskFormAnswer>().values[GPS_FIELD]).toEqual([41.38879, 2.15899]);
  });
});
