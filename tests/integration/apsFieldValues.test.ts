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

// The seeded APS export: a display value of the `approvedAmount` variable, a required
// date-time from 2025-01-01 08:00, a typeahead over written branches.
const FORM = 'aps-appointment-review';

describe('Alfresco Process Services fields on the server', () => {
  let server: TestServer;
  let lucas: IdentityClient;

  beforeAll(async () => {
    server = await startTestServer();
    await deployFormProcesses(server, [FORM]);
    lucas = await signIn(server, EMAIL.lmartin);
  });

  afterAll(async () => {
    await server?.close();
  });

  const newTask = () =>
    makeFormTask(server, {
      formKey: FORM,
      assignee: 'lmartin',
      variables: { approvedAmount: 18500, applicantName: 'Ada Lovelace', internalScore: 712 },
    });

  it('given a display value naming a process variable, when the form is read, then the variable’s value is served under the field’s id and no other variable leaks', async () => {
    const task = await newTask();
    const response = await call(lucas, 'GET', FormPath.taskForm(task.id));
    expect(response.statusCode).toBe(200);
    const { values } = response.json<TaskFormAnswer>();
    expect(values.approvedAmountShown).toBe(18500);
    expect(values.applicantName).toBe('Ada Lovelace');
    // The same-form display value follows its field in the browser; it is served too.
    expect(values.applicantShown).toBe('Ada Lovelace');
    expect(values).not.toHaveProperty('approvedAmount');
    expect(values).not.toHaveProperty('internalScore');
  });

  it('given a draft that sends values for display fields, when saved, then none is stored and the source variable is untouched', async () => {
    const task = await newTask();
    const response = await call(lucas, 'PUT', FormPath.draft(task.id), {
      values: {
        approvedAmountShown: 999999,
        applicantShown: 'Mallory',
        scanFolder: 'workspace://SpacesStore/1234',
        appointmentAt: '2026-03-05T14:30',
        branch: 'lon',
      },
    });
    expect(response.statusCode).toBe(200);
    const { variables } = await storedTask(server, task.id);
    expect(variables).toEqual({ appointmentAt: '2026-03-05T14:30', branch: 'lon' });
    const form = await call(lucas, 'GET', FormPath.taskForm(task.id));
    expect(form.json<TaskFormAnswer>().values.approvedAmountShown).toBe(18500);
  });

  it('given a date-time before its earliest or a branch not among the choices, when saved, then 422 names each field with the same codes as the browser', async () => {
    const task = await newTask();
    const response = await call(lucas, 'PUT', FormPath.draft(task.id), {
      values: { appointmentAt: '2024-12-31T23:59:00Z', branch: 'Paris' },
    });
    expect(response.statusCode).toBe(422);
    const details = response.json<ErrorBody>().details ?? [];
    expect(details.map(({ path, code }) => ({ path, code }))).toEqual([
      { path: 'appointmentAt', code: 'validation.datetime.min' },
      { path: 'branch', code: 'validation.enum' },
    ]);
    const { variables } = await storedTask(server, task.id);
    expect(variables).not.toHaveProperty('appointmentAt');
  });

  it('given a stored date-time with a zone, when saved, then it is stored as wall-clock YYYY-MM-DDTHH:mm', async () => {
    const task = await newTask();
    const response = await call(lucas, 'PUT', FormPath.draft(task.id), {
      values: { appointmentAt: '2026-03-05T14:30:00+01:00' },
    });
    expect(response.statusCode).toBe(200);
    const { variables } = await storedTask(server, task.id);
    expect(variables).toEqual({ appointmentAt: '2026-03-05T13:30' });
  });
});
