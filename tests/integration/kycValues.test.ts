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

/** A customer's contact details as an officer types them into the KYC capture. */
const TYPED = {
  address: {
    street: '  Rua Augusta ',
    houseNumber: '24',
    postalCode: '1100-048',
    city: 'Lisboa',
    region: '',
    country: 'pt',
    // Keys the address does not have are not stored.
    note: 'ring twice',
  },
  phone: '+33 6 12 34 56 78',
  nationality: 'pt',
};

describe('KYC contact values on the server', () => {
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

  it('given an address in parts, a phone number with spaces and a nationality, when saved, then the structured address, E.164 and the ISO code are stored', async () => {
    const task = await newTask();
    const response = await call(lucas, 'PUT', FormPath.draft(task.id), { values: TYPED });
    expect(response.statusCode, response.body).toBe(200);
    const stored = {
      address: {
        street: 'Rua Augusta',
        houseNumber: '24',
        postalCode: '1100-048',
        city: 'Lisboa',
        country: 'PT',
      },
      phone: '+33612345678',
      nationality: 'PT',
    };
    expect((await storedTask(server, task.id)).variables).toMatchObject(stored);
    expect((await storedTask(server, task.id)).variables.address).toEqual(stored.address);
    const form = await call(lucas, 'GET', FormPath.taskForm(task.id));
    expect(form.json<TaskFormAnswer>().values).toMatchObject(stored);
  });

  it('given values a bank cannot use, when saved, then 422 names each field with its code and nothing is stored', async () => {
    const task = await newTask();
    const refusals: [string, unknown, string][] = [
      ['phone', 'call me', 'validation.phone.invalid'],
      ['phone', '612 34', 'validation.phone.tooShort'],
      ['nationality', 'OTHER', 'validation.country.unknown'],
      ['address', { street: 'Rua Augusta', country: 'PT' }, 'validation.address.cityMissing'],
      ['address', { ...TYPED.address, postalCode: '1100' }, 'validation.address.postalCode'],
      ['address', 'Rua Augusta 24, Lisboa', 'validation.address.notParts'],
    ];
    for (const [field, value, code] of refusals) {
      const response = await call(lucas, 'PUT', FormPath.draft(task.id), {
        values: { [field]: value },
      });
      expect(response.statusCode, JSON.stringify(value)).toBe(422);
      const details = response.json<ErrorBody>().details ?? [];
      expect(details.map(({ path, code: found }) => ({ path, code: found }))).toContainEqual({
        path: field,
        code,
      });
    }
    const { variables } = await storedTask(server, task.id);
    for (const field of ['phone', 'nationality', 'address']) {
      expect(variables).not.toHaveProperty(field);
    }
  });
});
