import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseProcessDefinition } from './parse/parseProcessDefinition';
import type { ProcessModel, UserTaskNode } from './processModel';
import { resolveUserTask } from './runner/resolveUserTask';
import { NO_SEGREGATION } from './taskSegregation';

const handlers = new Set(['creditCheck']);
const fixtures = new URL('../../fixtures/processes/', import.meta.url);

/** Each dialect's namespace, bound to its usual prefix. */
const DIALECTS = {
  camunda: 'http://camunda.org/schema/1.0/bpmn',
  flowable: 'http://flowable.org/bpmn',
  activiti: 'http://activiti.org/bpmn',
} as const;
type Dialect = keyof typeof DIALECTS;

/**
 * fill -> check (service) -> decide -> end, in one dialect: `decide` carries `attributes`,
 * written with the dialect's prefix.
 */
function process(dialect: Dialect, attributes: string, extras = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:${dialect}="${DIALECTS[dialect]}" id="defs" targetNamespace="tests">
  <process id="fourEyes" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="fill" />
    <userTask id="fill" ${dialect}:candidateGroups="clerks" />
    <sequenceFlow id="f2" sourceRef="fill" targetRef="check" />
    <serviceTask id="check" ${dialect}:type="creditCheck" />
    <sequenceFlow id="f3" sourceRef="check" targetRef="decide" />
    <userTask id="decide" ${dialect}:candidateGroups="deciders" ${attributes}>${extras}</userTask>
    <sequenceFlow id="f4" sourceRef="decide" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;
}

async function model(xml: string): Promise<ProcessModel> {
  const result = await parseProcessDefinition(xml, { serviceHandlers: handlers });
  if ('errors' in result) throw new Error(result.errors.map((e) => e.message).join('\n'));
  return result.definition;
}

async function refusals(xml: string): Promise<string[]> {
  const result = await parseProcessDefinition(xml, { serviceHandlers: handlers });
  if (!('errors' in result)) throw new Error('expected the definition to be refused');
  return result.errors.map((error) => error.message);
}

function userTask(definition: ProcessModel, id: string): UserTaskNode {
  const node = definition.nodes[id];
  if (node?.kind !== 'userTask') throw new Error(`${id} is not a user task`);
  return node;
}

describe('segregation of duties attributes', () => {
  it.each(['camunda', 'flowable', 'activiti'] as const)(
    'given a %s decision excluding the filler and the starter, when parsed, then the task carries both exclusions',
    async (dialect) => {
      // Given a decision task that names the earlier task and the starter in its dialect.
      const xml = process(
        dialect,
        `${dialect}:excludePerformersOf=" fill , decide,fill" ${dialect}:excludeInitiator="true"`,
      );

      // When it is parsed.
      const decide = userTask(await model(xml), 'decide');

      // Then the exclusions are read the same in every dialect, the ids trimmed and once each.
      expect(decide.segregation).toEqual({
        performersOf: ['fill', 'decide'],
        initiator: true,
        anyPerformer: false,
      });
    },
  );

  it.each(['camunda', 'flowable', 'activiti'] as const)(
    'given a %s task excluding anyone who acted on the case, when parsed, then only that flag is set',
    async (dialect) => {
      const xml = process(dialect, `${dialect}:excludeAnyPerformer="true"`);
      expect(userTask(await model(xml), 'decide').segregation).toEqual({
        performersOf: [],
        initiator: false,
        anyPerformer: true,
      });
    },
  );

  it('given a task without the attributes, when parsed and resolved, then its model is unchanged and it excludes nobody', async () => {
    const definition = await model(process('camunda', ''));
    const decide = userTask(definition, 'decide');
    expect('segregation' in decide).toBe(false);
    const at = new Date('2026-03-02T09:00:00.000Z');
    const resolved = resolveUserTask(decide, {}, { instanceStartedAt: at, taskCreatedAt: at });
    expect(resolved.segregation).toEqual(NO_SEGREGATION);
  });

  it('given a task with exclusions, when resolved for an instance, then the row gets them as declared', async () => {
    const decide = userTask(
      await model(process('flowable', 'flowable:excludePerformersOf="fill"')),
      'decide',
    );
    const at = new Date('2026-03-02T09:00:00.000Z');
    expect(
      resolveUserTask(decide, {}, { instanceStartedAt: at, taskCreatedAt: at }).segregation,
    ).toEqual({ performersOf: ['fill'], initiator: false, anyPerformer: false });
  });

  it.each([
    [
      'an unknown activity',
      'camunda:excludePerformersOf="fil"',
      "excludePerformersOf names 'fil', which is not a user task of this process",
    ],
    [
      'a service task',
      'flowable:excludePerformersOf="check"',
      "excludePerformersOf names 'check', which is not a user task of this process",
    ],
    [
      'an expression',
      'activiti:excludePerformersOf="${earlier}"',
      'must list activity ids, not expressions',
    ],
    ['an empty item', 'camunda:excludePerformersOf="fill,,"', 'comma-separated list'],
    ['a flag that is not a boolean', 'flowable:excludeInitiator="yes"', "not 'yes'"],
    ['another flag that is not a boolean', 'camunda:excludeAnyPerformer="1"', "not '1'"],
  ])('given %s, when deployed, then the file is refused naming it', async (_, attributes, text) => {
    const dialect = attributes.slice(0, attributes.indexOf(':')) as Dialect;
    const messages = await refusals(process(dialect, attributes));
    expect(messages).toEqual([expect.stringContaining(text)]);
    expect(messages[0]).toContain("bpmn:UserTask 'decide'");
  });

  it('given a task that excludes its starter but lets its starter complete it, when deployed, then it is refused', async () => {
    const messages = await refusals(
      process(
        'camunda',
        'camunda:excludeInitiator="true"',
        `<extensionElements><camunda:properties>
          <camunda:property name="initiatorCanCompleteTask" value="true" />
        </camunda:properties></extensionElements>`,
      ),
    );
    expect(messages).toEqual([expect.stringContaining('contradicts initiatorCanCompleteTask')]);
  });

  it('given two dialects that disagree on one task, when deployed, then it is refused', async () => {
    const xml = process(
      'camunda',
      'camunda:excludeInitiator="true" flowable:excludeInitiator="false" xmlns:flowable="http://flowable.org/bpmn"',
    );
    expect(await refusals(xml)).toEqual([expect.stringContaining('disagree')]);
  });

  it.each([
    ['camunda', 'Unreadable BPMN: unknown attribute <camunda:excludeInitiator>'],
    ['flowable', 'flowable:excludeInitiator="true" is not supported here'],
  ] as const)(
    'given a %s exclusion on a service task, when deployed, then it is refused: only user tasks are performed by people',
    async (dialect, text) => {
      const xml = process(dialect, '').replace(
        `${dialect}:type="creditCheck"`,
        `${dialect}:type="creditCheck" ${dialect}:excludeInitiator="true"`,
      );
      expect(await refusals(xml)).toEqual([expect.stringContaining(text)]);
    },
  );

  it.each([
    ['loan-application.bpmn', 'loanReview', ['loanApplicationForm'], true],
    ['loan-origination.bpmn', 'supervisorApproval', ['applicationIntake'], true],
    ['customer-onboarding.bpmn', 'complianceReview', ['kycCapture'], true],
    ['customer-record-deletion.bpmn', 'deletionApproval', [], true],
  ])(
    'given the demo process %s, when parsed, then its decision %s is kept from whoever prepared the case',
    async (file, taskId, performersOf, initiator) => {
      const xml = await readFile(new URL(file, fixtures), 'utf8');
      const definition = await parseProcessDefinition(xml, {
        serviceHandlers: new Set(['creditCheck', 'recordDeletionSubject', 'deleteRecord']),
      });
      if ('errors' in definition) throw new Error(definition.errors[0]?.message);
      expect(userTask(definition.definition, taskId).segregation).toEqual({
        performersOf,
        initiator,
        anyPerformer: false,
      });
    },
  );
});
