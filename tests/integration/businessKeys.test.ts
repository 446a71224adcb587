import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProcessPath, type ProcessInstanceDetail } from '../../schemas/api/processes';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';
import type { IdentityClient } from './identityClient';

/** A process of one user task, with `properties` on the process. */
function processXml(key: string, properties: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
             xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
             id="${key}Definitions" targetNamespace="tests">
  <process id="${key}" name="${key}" isExecutable="true">
    <extensionElements><camunda:properties>${properties}</camunda:properties></extensionElements>
    <startEvent id="start" />
    <sequenceFlow id="toWork" sourceRef="start" targetRef="work" />
    <userTask id="work" name="Work" camunda:candidateGroups="loan-officers" />
    <sequenceFlow id="toEnd" sourceRef="work" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;
}

describe('business keys', () => {
  let server: TestServer;
  let lucas: IdentityClient;
  const year = new Date().getUTCFullYear();

  beforeAll(async () => {
    server = await startTestServer();
    lucas = await signIn(server, EMAIL.lmartin);
  });

  afterAll(async () => {
    await server.close();
  });

  it('given 30 starts at once of a process with a prefix, when they finish, then each case has its own key and the numbers run from 1 to 30', async () => {
    await server.app.engine.deploy(
      'internal',
      processXml('keyedCase', '<camunda:property name="businessKeyPrefix" value="KC" />'),
    );
    const started = await Promise.all(
      Array.from({ length: 30 }, () =>
        server.app.engine.startProcess('internal', { key: 'keyedCase', startedBy: 'lmartin' }),
      ),
    );
    const keys = started.map((instance) => instance.businessKey).sort();
    expect(keys).toEqual(
      Array.from({ length: 30 }, (_, i) => `KC-${year}-${String(i + 1).padStart(6, '0')}`),
    );
    // Another tenant counts its own cases from 1.
    await server.app.engine.deploy(
      'acme',
      processXml('keyedCase', '<camunda:property name="businessKeyPrefix" value="KC" />'),
    );
    const acme = await server.app.engine.startProcess('acme', {
      key: 'keyedCase',
      startedBy: 'asouza',
    });
    expect(acme.businessKey).toBe(`KC-${year}-000001`);
  });

  it('given a demo loan origination started over the API, when its instance is read, then the business key shows from the start', async () => {
    const definitions = await call(lucas, 'GET', ProcessPath.appDefinitions);
    const loan = definitions
      .json<{ data: { processDefinitionKey: string; processDefinitionId: string }[] }>()
      .data.find((definition) => definition.processDefinitionKey === 'loanOrigination');
    if (!loan) throw new Error('no loan origination');
    const response = await call(lucas, 'POST', ProcessPath.processInstances, {
      processDefinitionId: loan.processDefinitionId,
      name: `Loan origination ${new Date().toISOString()}`,
    });
    expect(response.statusCode).toBeLessThan(300);
    const { id } = response.json<{ data: { id: string } }>().data;
    const instance = (
      await call(lucas, 'GET', ProcessPath.processInstance(id))
    ).json<ProcessInstanceDetail>();
    expect(instance.businessKey).toMatch(new RegExp(`^LN-${year}-\\d{6}$`));
  });

  it('given a process without a prefix, when started, then it has no key; and a prefix that is not two to six capitals is refused at deploy', async () => {
    await server.app.engine.deploy('internal', processXml('unkeyedCase', ''));
    const plain = await server.app.engine.startProcess('internal', {
      key: 'unkeyedCase',
      startedBy: 'lmartin',
    });
    expect(plain.businessKey).toBeNull();
    await expect(
      server.app.engine.deploy(
        'internal',
        processXml('badKey', '<camunda:property name="businessKeyPrefix" value="ln-1" />'),
      ),
    ).rejects.toThrow(/businessKeyPrefix must be two to six capital letters/);
  });
});
