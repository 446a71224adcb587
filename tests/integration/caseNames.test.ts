import { beforeAll, describe, expect, it } from 'vitest';
import { ProcessPath, type ProcessInstanceDetail } from '../../schemas/api/processes';
import { TaskPath, type TaskListAnswer } from '../../schemas/api/tasks';
import {
  deployFixtureProcess,
  openTaskOf,
  VALID_APPLICATION,
} from '../../server/forms/testing/formTestKit';
import { call } from '../../server/workflow/testing/taskTestKit';
import { setUpTestServer } from '../helpers/setUpTestServer';
import { signInDemoStaff } from '../helpers/signInDemoStaff';
import type { IdentityClient } from './identityClient';

const TENANT = 'internal';

/** A name with the formatter's no-break spaces (before a trailing currency sign) as plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/gu, ' ');

/** The same call as a reader of `language` makes it: the browser names it in each request. */
async function callIn(
  client: IdentityClient,
  language: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
) {
  const response = await client.request({
    method,
    url,
    headers: { 'accept-language': language },
    ...(body === undefined ? {} : { body }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

describe('case and task names built from the case data', () => {
  const suite = setUpTestServer();
  let lucas: IdentityClient;
  let maria: IdentityClient;
  let javier: IdentityClient;

  beforeAll(async () => {
    await deployFixtureProcess(suite.server, 'loan-origination.bpmn', TENANT);
    await deployFixtureProcess(suite.server, 'loan-application.bpmn', TENANT);
    ({ lucas, maria, javier } = await signInDemoStaff(suite.server));
  });

  /** Starts a process through the API as the start drawer does, named as spec 000 says. */
  async function startFromDrawer(client: IdentityClient, key: string): Promise<string> {
    const definitions = await suite.server.app.engine.listDefinitions(TENANT);
    const definition = definitions.find((candidate) => candidate.key === key);
    if (!definition) throw new Error(`${key} is not deployed`);
    const response = await call(client, 'POST', ProcessPath.processInstances, {
      processDefinitionId: definition.id,
      name: `${definition.name} 2026-11-27T22:33:55.804Z`,
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json<{ data: { id: string } }>().data.id;
  }

  const instanceName = async (client: IdentityClient, id: string, language: string) =>
    (
      await callIn(client, language, 'GET', ProcessPath.processInstance(id))
    ).json<ProcessInstanceDetail>().name;

  const candidateTaskNames = async (client: IdentityClient, language: string) =>
    (await callIn(client, language, 'POST', TaskPath.candidate, { page: 0, size: 100 }))
      .json<TaskListAnswer>()
      .content.map((row) => row.taskName);

  it('given a loan origination whose intake is filled in, when read in en and fr, then the case and the approval are named by the data: the product by its label, the amount with its currency', async () => {
    // Given a loan origination just started: it keeps its start name, its intake has no name yet.
    const id = await startFromDrawer(lucas, 'loanOrigination');
    expect(await instanceName(lucas, id, 'fr')).toBe('Loan origination 2026-11-27T22:33:55.804Z');
    const intake = await openTaskOf(suite.server, id);
    expect(intake.name).toBe('Application intake');

    // When the officer completes the intake with the applicant's data.
    const { engine } = suite.server.app;
    await engine.claimTask(TENANT, intake.id, 'lmartin');
    await engine.completeTask(TENANT, intake.id, {
      userId: 'lmartin',
      variables: { ...VALID_APPLICATION, loanAmount: 61500 },
    });

    // Then the instance page names the case: the product's label and the amount in euros,
    // thousands separated by a space in every language (spec 001 section 9).
    expect(plain(await instanceName(lucas, id, 'en-GB,en;q=0.9'))).toBe(
      'Ada Lovelace · Personal loan · €61 500.00',
    );
    expect(plain(await instanceName(lucas, id, 'fr-FR,fr;q=0.9'))).toBe(
      'Ada Lovelace · Prêt personnel · 61 500,00 €',
    );
    // And the credit committee's list names the approval the same way.
    expect((await candidateTaskNames(maria, 'en')).map(plain)).toContain(
      'Approve loan of €61 500.00 for Ada Lovelace',
    );
    expect((await candidateTaskNames(maria, 'fr')).map(plain)).toContain(
      'Approve loan of 61 500,00 € for Ada Lovelace',
    );
  });

  it('given a loan application filled in by its starter, when a colleague lists the review, then it names the applicant the form wrote', async () => {
    // Given Lucas's application, filled in.
    const id = await startFromDrawer(lucas, 'loanApplication');
    const application = await openTaskOf(suite.server, id);
    await suite.server.app.engine.completeTask(TENANT, application.id, {
      userId: 'lmartin',
      variables: { ...VALID_APPLICATION, firstName: 'Ana', lastName: 'Pereira' },
    });

    // When Javier lists what he may claim, then the review names Ana Pereira in each language.
    for (const language of ['en', 'fr', 'es']) {
      expect(await candidateTaskNames(javier, language)).toContain(
        'Review the application of Ana Pereira',
      );
    }
    expect(plain(await instanceName(javier, id, 'es'))).toBe(
      'Ana Pereira · Préstamo personal · 25 000,00 €',
    );
  });
});
