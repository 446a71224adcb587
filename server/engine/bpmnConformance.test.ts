import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseProcessDefinition } from './parseProcessDefinition';
import type { ProcessModel } from './processModel';

const fixtures = new URL('../../fixtures/bpmn-conformance/', import.meta.url);
const handlers = new Set(['creditCheck', 'notifier']);

async function parseFile(name: string) {
  return parseProcessDefinition(await readFile(new URL(name, fixtures), 'utf8'), {
    serviceHandlers: handlers,
  });
}

async function modelOf(name: string): Promise<ProcessModel> {
  const result = await parseFile(name);
  if ('errors' in result) throw new Error(result.errors.map((e) => e.message).join('\n'));
  return result.definition;
}

async function messagesOf(xml: string): Promise<string[]> {
  const result = await parseProcessDefinition(xml, { serviceHandlers: handlers });
  if (!('errors' in result)) throw new Error('expected the definition to be refused');
  return result.errors.map((error) => error.message);
}

function document(body: string, namespaces = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:flowable="http://flowable.org/bpmn" xmlns:activiti="http://activiti.org/bpmn"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" ${namespaces}
  id="defs" targetNamespace="tests">
  <process id="sample" isExecutable="true">${body}</process>
</definitions>`;
}

describe('BPMN extension dialects', () => {
  it.each(['flowable', 'activiti', 'camunda'])(
    'given the %s file, when parsed, then its task reads the same as the other dialects',
    async (dialect) => {
      const definition = await modelOf(`${dialect}-review.bpmn`);
      expect(definition.initiatorVariable).toBe('initiator');
      expect(definition.startFormKey).toBe('expense-claim');
      expect(definition.nodes.review).toEqual({
        id: 'review',
        name: 'Review the claim',
        kind: 'userTask',
        incoming: ['toReview'],
        outgoing: ['toCheck'],
        formKey: 'expense-review',
        assignee: '${initiator}',
        candidateUsers: ['auditor1', 'auditor2'],
        candidateGroups: ['finance', 'managers'],
        dueDate: 'P2D',
        dueDateFrom: 'taskCreated',
        priority: '70',
        initiatorCanCompleteTask: false,
      });
      expect(definition.nodes.check).toMatchObject({ kind: 'serviceTask', handler: 'creditCheck' });
    },
  );

  it('given a file bound to the Flowable namespace under another prefix, when parsed, then the prefix does not matter', async () => {
    const xml = (await readFile(new URL('flowable-review.bpmn', fixtures), 'utf8'))
      .replace(/flowable:/g, 'fl:')
      .replace('xmlns:flowable=', 'xmlns:fl=');
    const result = await parseProcessDefinition(xml, { serviceHandlers: handlers });
    if ('errors' in result) throw new Error(result.errors.map((e) => e.message).join('\n'));
    expect(result.definition.nodes.review).toMatchObject({
      assignee: '${initiator}',
      candidateGroups: ['finance', 'managers'],
    });
  });

  it('given standard humanPerformer and potentialOwner, when parsed, then they give the assignee and the candidates', async () => {
    const definition = await modelOf('potential-owner-review.bpmn');
    expect(definition.nodes.review).toMatchObject({
      assignee: '${owner}',
      candidateUsers: ['auditor1'],
      candidateGroups: ['finance', 'managers'],
      priority: '50',
    });
  });

  it('given two dialects that disagree on one task, when parsed, then the refusal names both', async () => {
    const found = await messagesOf(
      document(`<startEvent id="s" /><sequenceFlow id="a" sourceRef="s" targetRef="t" />
        <userTask id="t" camunda:assignee="ana" flowable:assignee="bo" />
        <sequenceFlow id="b" sourceRef="t" targetRef="e" /><endEvent id="e" />`),
    );
    expect(found.join('\n')).toContain(
      'camunda:assignee="ana" and flowable:assignee="bo" disagree',
    );
  });

  it('given an attribute and humanPerformer both naming the assignee, when parsed, then it is refused', async () => {
    const found = await messagesOf(
      document(`<startEvent id="s" /><sequenceFlow id="a" sourceRef="s" targetRef="t" />
        <userTask id="t" activiti:assignee="ana"><humanPerformer><resourceAssignmentExpression>
        <formalExpression>bo</formalExpression></resourceAssignmentExpression></humanPerformer></userTask>
        <sequenceFlow id="b" sourceRef="t" targetRef="e" /><endEvent id="e" />`),
    );
    expect(found).toEqual([
      "bpmn:UserTask 't': activiti:assignee and humanPerformer both name the assignee; keep one",
    ]);
  });
});

describe('extensions the engine cannot honour', () => {
  it('given a Flowable file binding Java code and listeners, when parsed, then every problem is listed at once', async () => {
    const result = await parseFile('flowable-code-bindings.bpmn');
    if (!('errors' in result)) throw new Error('expected the definition to be refused');
    expect(result.errors.map((error) => [error.elementId, error.message])).toEqual([
      [
        'codeBound',
        "bpmn:Process 'codeBound': flowable:executionListener listeners run code and are not supported",
      ],
      [
        'codeBound',
        `bpmn:Process 'codeBound': flowable:candidateStarterGroups="finance" is not supported here`,
      ],
      [
        'pay',
        "bpmn:ServiceTask 'pay': flowable:class is not supported: 'com.example.PayOut' binds code the engine cannot run; name a registered handler with flowable:type",
      ],
      [
        'approve',
        "bpmn:UserTask 'approve': flowable:taskListener listeners run code and are not supported",
      ],
    ]);
  });

  it('given a delegate expression or class naming a registered handler, when parsed, then it binds that handler', async () => {
    const result = await parseFile('flowable-code-bindings.bpmn');
    if (!('errors' in result)) throw new Error('expected the definition to be refused');
    expect(result.errors.some((error) => error.elementId === 'notify')).toBe(false);
    const xml = document(`<startEvent id="s" /><sequenceFlow id="a" sourceRef="s" targetRef="t" />
      <serviceTask id="t" activiti:class="creditCheck" />
      <sequenceFlow id="b" sourceRef="t" targetRef="e" /><endEvent id="e" />`);
    const bound = await parseProcessDefinition(xml, { serviceHandlers: handlers });
    expect(bound).toMatchObject({ definition: { nodes: { t: { handler: 'creditCheck' } } } });
  });

  it.each([
    ['<userTask id="x" flowable:skipExpression="${skip}" />', 'flowable:skipExpression="${skip}"'],
    ['<userTask id="x" activiti:owner="ana" />', 'activiti:owner="ana" is not supported here'],
    ['<serviceTask id="x" flowable:type="mail" />', "no service handler named 'mail'"],
    [
      '<serviceTask id="x" flowable:expression="${mailer.send()}" />',
      'flowable:expression is not supported',
    ],
    [
      '<serviceTask id="x" flowable:type="creditCheck" flowable:assignee="ana" />',
      'flowable:assignee="ana" is not supported here',
    ],
    [
      '<userTask id="x"><extensionElements><activiti:formProperty id="a" /></extensionElements></userTask>',
      'activiti:formProperty is not supported',
    ],
    ['<scriptTask id="x" scriptFormat="groovy" />', "bpmn:ScriptTask 'x'"],
  ])('given %s, when parsed, then the refusal says %s', async (element, message) => {
    const found = await messagesOf(
      document(`<startEvent id="s" /><sequenceFlow id="a" sourceRef="s" targetRef="x" />${element}
        <sequenceFlow id="b" sourceRef="x" targetRef="e" /><endEvent id="e" />`),
    );
    expect(found.join('\n')).toContain(message);
  });
});

describe('drawing-only and declaration-only elements', () => {
  it('given a pool, unused declarations, data objects, flows without ids and a dangling shape, when parsed, then it deploys', async () => {
    const definition = await modelOf('pool-and-declarations.bpmn');
    expect(definition.key).toBe('pooledReview');
    expect(Object.keys(definition.nodes).sort()).toEqual(['end', 'file', 'review', 'start']);
    expect(definition.nodes.file).toMatchObject({ kind: 'noopTask' });
    expect(definition.flows.flow_start_review).toMatchObject({ source: 'start', target: 'review' });
    expect(definition.nodes.review).toMatchObject({ candidateGroups: ['finance'] });
  });

  it('given a diagram pointing at nothing and a model reference pointing at nothing, when parsed, then only the model one is refused', async () => {
    const found = await messagesOf(
      document(
        `<startEvent id="s" /><sequenceFlow id="a" sourceRef="s" targetRef="missing" /><endEvent id="e" />
        </process><bpmndi:BPMNDiagram id="d"><bpmndi:BPMNPlane id="p" bpmnElement="gone" /></bpmndi:BPMNDiagram><process id="unused" isExecutable="false">`,
        'xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"',
      ),
    );
    expect(found.some((message) => message.includes('<missing>'))).toBe(true);
    expect(found.some((message) => message.includes('<gone>'))).toBe(false);
  });
});

describe('long chains', () => {
  function chain(length: number, element: (id: string) => string, closeLoop = false): string {
    const parts = ['<startEvent id="n0" />'];
    for (let index = 1; index <= length; index += 1) {
      parts.push(`<sequenceFlow id="f${index}" sourceRef="n${index - 1}" targetRef="n${index}" />`);
      parts.push(element(`n${index}`));
    }
    if (closeLoop) {
      parts.push(`<sequenceFlow id="back" sourceRef="n${length}" targetRef="n1" />`);
      parts.push(`<sequenceFlow id="out" sourceRef="n${length}" targetRef="end" />`);
    } else {
      parts.push(`<sequenceFlow id="out" sourceRef="n${length}" targetRef="end" />`);
    }
    parts.push('<endEvent id="end" />');
    return document(parts.join('\n'));
  }

  it('given 10,000 sequential no-op tasks, when parsed, then it parses without overflowing the stack', async () => {
    const result = await parseProcessDefinition(
      chain(10_000, (id) => `<task id="${id}" />`),
      { serviceHandlers: handlers },
    );
    if ('errors' in result) throw new Error(result.errors.map((e) => e.message).join('\n'));
    expect(Object.keys(result.definition.nodes)).toHaveLength(10_002);
  }, 60_000);

  it('given 10,000 exclusive gateways closed into a loop without a user task, when parsed, then the loop is refused without overflowing', async () => {
    const xml = chain(10_000, (id) => `<exclusiveGateway id="${id}" />`, true)
      .replace(
        '<sequenceFlow id="back" sourceRef="n10000" targetRef="n1" />',
        '<sequenceFlow id="back" sourceRef="n10000" targetRef="n1"><conditionExpression>${again}</conditionExpression></sequenceFlow>',
      )
      .replace(
        '<exclusiveGateway id="n10000" />',
        '<exclusiveGateway id="n10000" default="out" />',
      );
    const found = await messagesOf(xml);
    expect(found.join('\n')).toContain('lies on a loop without a user task');
  }, 60_000);
});
