import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { storeFormDefinition } from '../../server/forms/seedFormDefinitions';
import { setUpTestServer } from '../helpers/setUpTestServer';

const INVALID = new URL('../../fixtures/processes/invalid/', import.meta.url);
const TENANT = 'acme';

async function fixture(path: string): Promise<string> {
  return readFile(new URL(path, INVALID), 'utf8');
}

describe('deploying a process checks it against the tenant’s forms', () => {
  const suite = setUpTestServer();

  it('given the forms of a process stored, when a process reading what they do not write is deployed, then it deploys and the answer names each read with its code', async () => {
    const { server } = suite;
    // The forms the process names, stored for this tenant only.
    for (const id of ['case-capture', 'case-extra-checks', 'case-review']) {
      await storeFormDefinition(server.database.db, {
        tenant: TENANT,
        id,
        kind: 'plain',
        definition: JSON.parse(await fixture(`unwritten-variables-forms/${id}.json`)) as Record<
          string,
          unknown
        >,
      });
    }
    const deployed = await server.app.engine.deploy(
      TENANT,
      await fixture('unwritten-variables.bpmn'),
    );
    expect(deployed.key).toBe('unwrittenVariables');
    expect(deployed.warnings).toEqual([
      expect.objectContaining({
        code: 'processVariable.notWrittenOnEveryPath',
        elementId: 'checkFailed',
        elementType: 'bpmn:SequenceFlow',
        attribute: 'conditionExpression',
        variable: 'checkResult',
      }),
      expect.objectContaining({
        code: 'processVariable.notWritten',
        elementId: 'review',
        elementType: 'bpmn:UserTask',
        attribute: 'name',
        variable: 'customerName',
      }),
    ]);
  });

  it('given another tenant without those forms, when the same process is deployed there, then its tasks write nothing there and the extra checks’ name is flagged too', async () => {
    const deployed = await suite.server.app.engine.deploy(
      'internal',
      await fixture('unwritten-variables.bpmn'),
    );
    expect(deployed.warnings.map((warning) => [warning.elementId, warning.attribute])).toEqual([
      ['highRisk', 'conditionExpression'],
      ['extraChecks', 'name'],
      ['checkFailed', 'conditionExpression'],
      ['review', 'name'],
    ]);
  });
});
