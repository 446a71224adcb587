import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { DeployError } from '../engineErrors';
import { parseProcessDefinition } from './parseProcessDefinition';
import type { ProcessModel } from '../processModel';

const fixtures = new URL('../../../fixtures/processes/', import.meta.url);
const handlers = new Set(['creditCheck', 'deleteRecord', 'notify']);

/** Wraps flow elements in a definitions document with the Camunda namespace. */
function bpmn(body: string, processExtras = '', namespace = 'tests'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  id="defs" targetNamespace="${namespace}">
  <process id="sample" name="Sample" isExecutable="true">${processExtras}${body}</process>
</definitions>`;
}

/** The smallest runnable body: a start straight to an end. */
const FLOW = `
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="end" />
    <endEvent id="end" />`;

/** As `bpmn`, with declarations (messages, signals, escalations) beside the process. */
function declaring(declarations: string, body: string): string {
  return bpmn(body).replace('<process ', `${declarations}\n  <process `);
}

/** start -> (middle) -> end, the smallest frame around the element under test. */
function around(middle: string, middleId: string): string {
  return bpmn(`
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="${middleId}" />
    ${middle}
    <sequenceFlow id="f2" sourceRef="${middleId}" targetRef="end" />
    <endEvent id="end" />`);
}

async function parse(xml: string) {
  return parseProcessDefinition(xml, { serviceHandlers: handlers });
}

async function model(xml: string): Promise<ProcessModel> {
  const result = await parse(xml);
  if ('errors' in result) throw new Error(result.errors.map((e) => e.message).join('\n'));
  return result.definition;
}

async function errors(xml: string): Promise<readonly DeployError[]> {
  const result = await parse(xml);
  if (!('errors' in result)) throw new Error('expected the definition to be refused');
  return result.errors;
}

describe('parseProcessDefinition', () => {
  it.each([
    ['loan-origination.bpmn', 'loanOrigination', 'loans'],
    ['customer-onboarding.bpmn', 'customerOnboarding', 'onboarding'],
    ['loan-application.bpmn', 'loanApplication', 'loans'],
    ['../../server/engine/testing/processes/record-deletion.bpmn', 'recordDeletion', 'records'],
  ])(
    'given the fixture %s, when parsed, then it yields key %s in category %s',
    async (file, key, category) => {
      const xml = await readFile(new URL(file, fixtures), 'utf8');
      const definition = await model(xml);
      expect(definition.key).toBe(key);
      expect(definition.category).toBe(category);
      expect(definition.initiatorVariable).toBe('initiator');
    },
  );

  it('given the loan-origination fixture, when parsed, then tasks carry their Camunda attributes', async () => {
    const definition = await model(
      await readFile(new URL('loan-origination.bpmn', fixtures), 'utf8'),
    );
    expect(definition.nodes.applicationIntake).toMatchObject({
      kind: 'userTask',
      name: 'Application intake',
      formKey: 'DSG-loan-application',
      candidateGroups: ['loan-officers'],
      dueDate: 'P2D',
      priority: '60',
      initiatorCanCompleteTask: false,
    });
    expect(definition.nodes.documentCollection).toMatchObject({ initiatorCanCompleteTask: true });
    expect(definition.nodes.creditCheck).toMatchObject({
      kind: 'serviceTask',
      handler: 'creditCheck',
    });
    expect(definition.nodes.amountDecision).toMatchObject({
      kind: 'exclusiveGateway',
      defaultFlow: 'automaticApproval',
    });
    expect(definition.nodes.join?.incoming).toEqual(['documentsDone', 'collateralDone']);
    expect(definition.flows.largeLoan?.condition).toBe(
      '${loanAmount > 50000 || creditCheckPassed == false}',
    );
  });

  it('given the script-task fixture, when parsed, then it is refused naming the element', async () => {
    const xml = await readFile(new URL('invalid/with-script-task.bpmn', fixtures), 'utf8');
    const found = await errors(xml);
    expect(found).toContainEqual({
      elementId: 'computeScore',
      elementType: 'bpmn:ScriptTask',
      message: "bpmn:ScriptTask 'computeScore': this element type is not supported by the engine",
    });
  });

  it('given a condition that reaches for a constructor, when parsed, then the flow is named in the refusal', async () => {
    const xml = bpmn(`
      <startEvent id="start" />
      <sequenceFlow id="f1" sourceRef="start" targetRef="gate" />
      <exclusiveGateway id="gate" default="f3" />
      <sequenceFlow id="evil" sourceRef="gate" targetRef="end">
        <conditionExpression xsi:type="tFormalExpression">\${constructor.constructor('x')()}</conditionExpression>
      </sequenceFlow>
      <sequenceFlow id="f3" sourceRef="gate" targetRef="end" />
      <endEvent id="end" />`);
    const [error] = await errors(xml);
    expect(error).toMatchObject({ elementId: 'evil', elementType: 'bpmn:SequenceFlow' });
    expect(error?.message).toContain("'constructor' is not allowed");
  });

  it('given a scripted condition language, when parsed, then it is refused', async () => {
    const xml = bpmn(`
      <startEvent id="start" />
      <sequenceFlow id="f1" sourceRef="start" targetRef="gate" />
      <exclusiveGateway id="gate" default="f3" />
      <sequenceFlow id="scripted" sourceRef="gate" targetRef="end">
        <conditionExpression xsi:type="tFormalExpression" language="javascript">true</conditionExpression>
      </sequenceFlow>
      <sequenceFlow id="f3" sourceRef="gate" targetRef="end" />
      <endEvent id="end" />`);
    expect((await errors(xml))[0]?.message).toContain('scripted conditions (javascript)');
  });

  it('given a service task naming an unregistered handler, when parsed, then it is refused', async () => {
    const found = await errors(around('<serviceTask id="pay" camunda:type="wireMoney" />', 'pay'));
    expect(found).toEqual([
      {
        elementId: 'pay',
        elementType: 'bpmn:ServiceTask',
        message: "bpmn:ServiceTask 'pay': no service handler named 'wireMoney' is registered",
      },
    ]);
  });

  it.each([
    ['<serviceTask id="x" camunda:class="com.acme.Pay" />', 'camunda:class is not supported'],
    [
      '<serviceTask id="x" camunda:expression="${bean.run()}" />',
      'camunda:expression is not supported',
    ],
    ['<serviceTask id="x" />', 'must name its handler with camunda:type'],
    ['<userTask id="x" camunda:dueDate="tomorrow" />', "camunda:dueDate 'tomorrow' is neither"],
    ['<userTask id="x" camunda:assignee="${a(1)}" />', 'function calls are not allowed'],
    [
      '<userTask id="x" camunda:priority="high" />',
      "camunda:priority 'high' is not a whole number",
    ],
    [
      '<userTask id="x"><extensionElements><camunda:taskListener event="create" class="A" /></extensionElements></userTask>',
      'camunda:TaskListener listeners run code',
    ],
    [
      '<userTask id="x"><multiInstanceLoopCharacteristics /></userTask>',
      'a multi-instance activity needs a collection or a loopCardinality',
    ],
    ['<userTask id="x"><standardLoopCharacteristics /></userTask>', 'use multi-instance'],
    [
      '<intermediateCatchEvent id="x"><timerEventDefinition><timeDuration>soon</timeDuration></timerEventDefinition></intermediateCatchEvent>',
      "timeDuration 'soon' is not a valid ISO duration",
    ],
    [
      '<serviceTask id="x" camunda:type="creditCheck"><multiInstanceLoopCharacteristics><loopCardinality>2</loopCardinality></multiInstanceLoopCharacteristics></serviceTask>',
      'only user tasks, sub-processes, call activities and external tasks may be multi-instance',
    ],
    ['<callActivity id="x" calledElement="no such key" />', 'is not a process key'],
    [
      '<intermediateThrowEvent id="x"><messageEventDefinition /></intermediateThrowEvent>',
      "bpmn:IntermediateThrowEvent 'x': a message throw event is not supported",
    ],
    [
      '<userTask id="x"><multiInstanceLoopCharacteristics camunda:collection="${list}"><completionCondition>${a +}</completionCondition></multiInstanceLoopCharacteristics></userTask>',
      'completionCondition',
    ],
    ['<subProcess id="x" />', "Sub-process 'x' needs exactly one start event"],
    ['<scriptTask id="x" />', "bpmn:ScriptTask 'x': this element type is not supported"],
    [
      '<intermediateCatchEvent id="x"><timerEventDefinition /></intermediateCatchEvent>',
      "bpmn:IntermediateCatchEvent 'x'",
    ],
  ])('given %s, when parsed, then the refusal says "%s"', async (element, message) => {
    const found = await errors(around(element, 'x'));
    expect(found.map((error) => error.message).join('\n')).toContain(message);
    expect(found.some((error) => error.elementId === 'x')).toBe(true);
  });

  it('given a boundary timer, when parsed, then it is refused by type and id', async () => {
    const xml = bpmn(`
      <startEvent id="start" />
      <sequenceFlow id="f1" sourceRef="start" targetRef="t" />
      <userTask id="t" />
      <boundaryEvent id="late" attachedToRef="t"><timerEventDefinition /></boundaryEvent>
      <sequenceFlow id="f2" sourceRef="t" targetRef="end" />
      <endEvent id="end" />`);
    expect((await errors(xml)).map((error) => error.elementType)).toContain('bpmn:BoundaryEvent');
  });

  it('given a timer start event, when parsed, then it is refused', async () => {
    const xml = bpmn(`
      <startEvent id="start"><timerEventDefinition /></startEvent>
      <sequenceFlow id="f1" sourceRef="start" targetRef="end" />
      <endEvent id="end" />`);
    expect((await errors(xml))[0]?.message).toContain('bpmn:TimerEventDefinition');
  });

  it('given a gateway flow with neither condition nor default, when parsed, then it is refused', async () => {
    const xml = bpmn(`
      <startEvent id="start" />
      <sequenceFlow id="f1" sourceRef="start" targetRef="gate" />
      <exclusiveGateway id="gate" />
      <sequenceFlow id="a" sourceRef="gate" targetRef="end"><conditionExpression>\${x}</conditionExpression></sequenceFlow>
      <sequenceFlow id="b" sourceRef="gate" targetRef="end" />
      <endEvent id="end" />`);
    expect((await errors(xml))[0]?.message).toContain(
      "outgoing flow 'b' needs a condition or must be the default flow",
    );
  });

  it('given a task with two outgoing flows, when parsed, then it asks for a gateway', async () => {
    const xml = bpmn(`
      <startEvent id="start" />
      <sequenceFlow id="f1" sourceRef="start" targetRef="t" />
      <userTask id="t" />
      <sequenceFlow id="a" sourceRef="t" targetRef="end" />
      <sequenceFlow id="b" sourceRef="t" targetRef="end" />
      <endEvent id="end" />`);
    expect((await errors(xml))[0]?.message).toContain('only a gateway may have several outgoing');
  });

  it('given an element nothing leads to, when parsed, then it is refused', async () => {
    const xml = bpmn(`
      <startEvent id="start" />
      <sequenceFlow id="f1" sourceRef="start" targetRef="end" />
      <userTask id="orphan" />
      <sequenceFlow id="f2" sourceRef="orphan" targetRef="end" />
      <endEvent id="end" />`);
    expect((await errors(xml))[0]).toMatchObject({
      elementId: 'orphan',
      message: "bpmn:UserTask 'orphan': no flow leads here",
    });
  });

  it('given a loop of gateways without a user task, when parsed, then it is refused', async () => {
    const xml = bpmn(`
      <startEvent id="start" />
      <sequenceFlow id="f1" sourceRef="start" targetRef="g1" />
      <exclusiveGateway id="g1" />
      <sequenceFlow id="f2" sourceRef="g1" targetRef="g2" />
      <exclusiveGateway id="g2" default="out" />
      <sequenceFlow id="back" sourceRef="g2" targetRef="g1"><conditionExpression>\${again}</conditionExpression></sequenceFlow>
      <sequenceFlow id="out" sourceRef="g2" targetRef="end" />
      <endEvent id="end" />`);
    expect((await errors(xml))[0]?.message).toContain('lies on a loop without a user task');
  });

  it('given a loop through a user task, when parsed, then it is accepted', async () => {
    const xml = bpmn(`
      <startEvent id="start" />
      <sequenceFlow id="f1" sourceRef="start" targetRef="fix" />
      <userTask id="fix" />
      <sequenceFlow id="f2" sourceRef="fix" targetRef="g" />
      <exclusiveGateway id="g" default="out" />
      <sequenceFlow id="back" sourceRef="g" targetRef="fix"><conditionExpression>\${again}</conditionExpression></sequenceFlow>
      <sequenceFlow id="out" sourceRef="g" targetRef="end" />
      <endEvent id="end" />`);
    expect((await model(xml)).nodes.fix?.incoming).toEqual(['f1', 'back']);
  });

  it('given a category property and a process-wide initiator flag, when parsed, then both are read', async () => {
    const extras = `<extensionElements><camunda:properties>
      <camunda:property name="category" value="credit" />
      <camunda:property name="initiatorCanCompleteTask" value="true" />
    </camunda:properties></extensionElements>`;
    const xml = bpmn(
      `<startEvent id="start" />
      <sequenceFlow id="f1" sourceRef="start" targetRef="a" />
      <userTask id="a" />
      <sequenceFlow id="f2" sourceRef="a" targetRef="b" />
      <userTask id="b"><extensionElements><camunda:properties>
        <camunda:property name="initiatorCanCompleteTask" value="false" />
      </camunda:properties></extensionElements></userTask>
      <sequenceFlow id="f3" sourceRef="b" targetRef="end" />
      <endEvent id="end" />`,
      extras,
      'http://example.com/ignored',
    );
    const definition = await model(xml);
    expect(definition.category).toBe('credit');
    expect(definition.initiatorCanCompleteTask).toBe(true);
    expect(definition.nodes.a).toMatchObject({ initiatorCanCompleteTask: true });
    expect(definition.nodes.b).toMatchObject({ initiatorCanCompleteTask: false });
  });

  it('given a caseName property, when parsed, then the template is kept, and a broken one is refused', async () => {
    const frame = (value: string) =>
      bpmn(
        `<startEvent id="start" />
        <sequenceFlow id="f1" sourceRef="start" targetRef="end" />
        <endEvent id="end" />`,
        `<extensionElements><camunda:properties>
          <camunda:property name="caseName" value="${value}" />
        </camunda:properties></extensionElements>`,
      );
    expect((await model(frame('${firstName} ${lastName} · ${loanAmount}'))).caseName).toBe(
      '${firstName} ${lastName} · ${loanAmount}',
    );
    const refused = await errors(frame('${firstName'));
    expect(refused.map((error) => error.message).join('\n')).toContain("property 'caseName'");
  });

  it('given candidate lists with expressions, when parsed, then commas inside ${} do not split', async () => {
    const definition = await model(
      around(
        `<userTask id="x" camunda:candidateUsers="ana, \${reviewer}" camunda:candidateGroups="\${groups}, back-office" />`,
        'x',
      ),
    );
    expect(definition.nodes.x).toMatchObject({
      candidateUsers: ['ana', '${reviewer}'],
      candidateGroups: ['${groups}', 'back-office'],
    });
  });

  it('given assignments in JUEL’s deferred syntax, when parsed, then they are read as expressions, not as literal user ids', async () => {
    const definition = await model(
      around(
        `<userTask id="x" camunda:assignee="#{approver}" camunda:candidateUsers="ana, #{reviewers}" camunda:candidateGroups="#{teams}" />`,
        'x',
      ),
    );
    expect(definition.nodes.x).toMatchObject({
      assignee: '${approver}',
      candidateUsers: ['ana', '${reviewers}'],
      candidateGroups: ['${teams}'],
    });
  });

  it.each([
    ['not xml at all', 'Unreadable BPMN'],
    [
      '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" />',
      'exactly one executable process',
    ],
  ])('given %s, when parsed, then it is refused without throwing', async (xml, message) => {
    expect((await errors(xml))[0]?.message).toContain(message);
  });

  it('given a process marked not executable (a drawing, not a process to run), when parsed, then it is refused by name rather than made startable', async () => {
    const xml = bpmn(FLOW).replace('isExecutable="true"', 'isExecutable="false"');
    expect((await errors(xml)).map((error) => error.message)).toEqual([
      'bpmn:Process \'sample\': is marked isExecutable="false", so no engine runs it; set isExecutable="true" to deploy it',
    ]);
  });

  it("given the lender's process beside another party's pool marked not executable, when parsed, then the executable one is deployed", async () => {
    const xml = bpmn(FLOW).replace(
      '</definitions>',
      `<process id="customerSide" isExecutable="false"><task id="sign" /></process>
      <collaboration id="c">
        <participant id="bank" processRef="sample" />
        <participant id="customer" processRef="customerSide" />
      </collaboration>
</definitions>`,
    );
    const definition = await model(xml);
    expect(definition.key).toBe('sample');
    expect(Object.keys(definition.nodes).sort()).toEqual(['end', 'start']);
  });

  it('given two executable processes in one file, when parsed, then it is refused naming the count', async () => {
    const xml = bpmn(FLOW).replace(
      '</definitions>',
      '<process id="other" isExecutable="true"><startEvent id="s2" /></process></definitions>',
    );
    expect((await errors(xml))[0]?.message).toBe(
      'A definition must hold exactly one executable process; found 2 of 2',
    );
  });

  it('given an initiator variable that names a prototype, when parsed, then it is refused', async () => {
    const xml = bpmn(`
      <startEvent id="start" camunda:initiator="__proto__" />
      <sequenceFlow id="f1" sourceRef="start" targetRef="end" />
      <endEvent id="end" />`);
    expect((await errors(xml))[0]).toMatchObject({
      elementId: 'start',
      message:
        "bpmn:StartEvent 'start': camunda:initiator '__proto__' is not a usable variable name",
    });
  });

  it('given a flow pointing at a missing element, when parsed, then it is refused', async () => {
    const xml = bpmn(`
      <startEvent id="start" />
      <sequenceFlow id="f1" sourceRef="start" targetRef="nowhere" />
      <endEvent id="end" />`);
    expect((await errors(xml)).length).toBeGreaterThan(0);
  });

  it('given an errorRef that names no declared error, when parsed, then it is read as the error code, as Flowable does', async () => {
    const parsed = await model(
      around(
        `<subProcess id="inner">
          <startEvent id="innerStart" />
          <sequenceFlow id="i1" sourceRef="innerStart" targetRef="fail" />
          <endEvent id="fail"><errorEventDefinition errorRef="E42" /></endEvent>
        </subProcess>
        <boundaryEvent id="caught" attachedToRef="inner"><errorEventDefinition errorRef="E42" /></boundaryEvent>
        <sequenceFlow id="c1" sourceRef="caught" targetRef="end" />`,
        'inner',
      ),
    );
    expect(parsed.nodes.fail).toMatchObject({ kind: 'endEvent', errorCode: 'E42', scope: 'inner' });
    expect(parsed.nodes.caught).toMatchObject({
      kind: 'boundaryEvent',
      attachedTo: 'inner',
      cancelActivity: true,
      trigger: { type: 'error', errorCode: 'E42' },
    });
    expect(parsed.nodes.inner).toMatchObject({
      startEventId: 'innerStart',
      boundaryEvents: ['caught'],
    });
  });

  it('given a flow from inside a sub-process to a node outside it, when parsed, then it is refused', async () => {
    const found = await errors(
      around(
        `<subProcess id="inner">
          <startEvent id="innerStart" />
          <sequenceFlow id="i1" sourceRef="innerStart" targetRef="innerEnd" />
          <sequenceFlow id="leak" sourceRef="innerStart" targetRef="end" />
          <endEvent id="innerEnd" />
        </subProcess>`,
        'inner',
      ),
    );
    expect(found.map((error) => error.message).join('\n')).toContain(
      "bpmn:SequenceFlow 'leak': crosses the border of a sub-process",
    );
  });

  it('given an inclusive gateway with a flow without a condition, when parsed, then it is accepted as always taken', async () => {
    const parsed = await model(
      bpmn(`
        <startEvent id="start" />
        <sequenceFlow id="f1" sourceRef="start" targetRef="fork" />
        <inclusiveGateway id="fork" />
        <sequenceFlow id="always" sourceRef="fork" targetRef="join" />
        <sequenceFlow id="sometimes" sourceRef="fork" targetRef="join">
          <conditionExpression>\${big}</conditionExpression>
        </sequenceFlow>
        <inclusiveGateway id="join" />
        <sequenceFlow id="f2" sourceRef="join" targetRef="end" />
        <endEvent id="end" />`),
    );
    expect(parsed.nodes.fork).toMatchObject({ kind: 'inclusiveGateway', defaultFlow: null });
    expect(parsed.flows.sometimes?.condition).toBe('${big}');
  });
});

describe('external service tasks', () => {
  it('given camunda:type="external" with a topic, when parsed, then the service task is an external task with no handler', async () => {
    const definition = await model(
      around(
        '<serviceTask id="x" camunda:type="external" camunda:topic="credit-bureau.v2:eu" />',
        'x',
      ),
    );
    expect(definition.nodes.x).toEqual({
      id: 'x',
      name: null,
      kind: 'serviceTask',
      incoming: ['f1'],
      outgoing: ['f2'],
      external: { topic: 'credit-bureau.v2:eu' },
      properties: {},
    });
  });

  it('given camunda:taskPriority on an external task, when parsed, then it deploys with a warning that it is ignored', async () => {
    const result = await parse(
      around(
        '<serviceTask id="x" camunda:type="external" camunda:topic="bureau" camunda:taskPriority="5" />',
        'x',
      ),
    );
    if ('errors' in result) throw new Error(result.errors.map((e) => e.message).join('\n'));
    expect(result.warnings.map((warning) => warning.attribute)).toEqual(['camunda:taskPriority']);
  });

  it.each([
    [
      '<serviceTask id="x" camunda:type="external" />',
      'camunda:type="external" needs a topic: name the work its workers fetch with camunda:topic',
    ],
    [
      '<serviceTask id="x" camunda:type="external" camunda:topic="  " />',
      'needs a topic: name the work its workers fetch with camunda:topic',
    ],
    [
      '<serviceTask id="x" camunda:type="external" camunda:topic="${region}Bureau" />',
      "camunda:topic '${region}Bureau' is refused: a topic is a plain name, not an expression",
    ],
    [
      '<serviceTask id="x" camunda:type="external" camunda:topic="credit bureau" />',
      "camunda:topic 'credit bureau' is refused: a topic is a plain name of letters, digits",
    ],
    [
      `<serviceTask id="x" camunda:type="external" camunda:topic="${'t'.repeat(101)}" />`,
      'at most 100 characters',
    ],
    [
      '<serviceTask id="x" camunda:type="creditCheck" camunda:topic="bureau" />',
      'camunda:topic="bureau" names a worker topic, but only an external task has one (camunda:type="external")',
    ],
    [
      '<serviceTask id="x" camunda:topic="bureau" />',
      'names a worker topic, but only an external task has one',
    ],
    [
      '<serviceTask id="x" camunda:type="external" camunda:topic="bureau" camunda:class="com.acme.Bureau" />',
      'camunda:class binds code, but camunda:type="external" hands the task to a worker outside the server',
    ],
    [
      '<serviceTask id="x" camunda:type="external" camunda:topic="bureau" camunda:delegateExpression="${creditCheck}" />',
      'camunda:delegateExpression binds code',
    ],
    [
      '<serviceTask id="x" camunda:type="external" camunda:topic="bureau"><extensionElements><camunda:properties><camunda:property name="url" value="https://bureau" /></camunda:properties></extensionElements></serviceTask>',
      'its properties (url) would reach nobody',
    ],
  ])('given %s, when parsed, then the refusal says "%s"', async (element, message) => {
    const found = await errors(around(element, 'x'));
    expect(found.map((error) => error.message).join('\n')).toContain(message);
    expect(found.every((error) => error.elementId === 'x')).toBe(true);
  });

  it('given a multi-instance external task, when parsed, then it keeps its loop', async () => {
    const definition = await model(
      around(
        '<serviceTask id="x" camunda:type="external" camunda:topic="bureau"><multiInstanceLoopCharacteristics camunda:collection="bureaus" camunda:elementVariable="bureau" /></serviceTask>',
        'x',
      ),
    );
    expect(definition.nodes.x?.multiInstance).toMatchObject({
      collection: 'bureaus',
      elementVariable: 'bureau',
      sequential: false,
    });
  });

  it('given a boundary event on an external task, when parsed, then it is refused: service tasks carry none', async () => {
    const xml = bpmn(`
      <startEvent id="start" />
      <sequenceFlow id="f1" sourceRef="start" targetRef="t" />
      <serviceTask id="t" camunda:type="external" camunda:topic="bureau" />
      <boundaryEvent id="late" attachedToRef="t"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></boundaryEvent>
      <sequenceFlow id="f2" sourceRef="t" targetRef="end" />
      <sequenceFlow id="f3" sourceRef="late" targetRef="end" />
      <endEvent id="end" />`);
    expect(await errors(xml)).toContainEqual({
      elementId: 'late',
      elementType: 'bpmn:BoundaryEvent',
      message:
        "bpmn:BoundaryEvent 'late': a boundary event must sit on a user task, sub-process or call activity",
    });
  });

  it('given a loop through an external task and no user task, when parsed, then it is accepted: the token waits for the worker there', async () => {
    const loop = (task: string) =>
      bpmn(`
      <startEvent id="start" />
      <sequenceFlow id="f1" sourceRef="start" targetRef="page" />
      ${task}
      <sequenceFlow id="f2" sourceRef="page" targetRef="more" />
      <exclusiveGateway id="more" default="done" />
      <sequenceFlow id="again" sourceRef="more" targetRef="page"><conditionExpression>\${hasMore}</conditionExpression></sequenceFlow>
      <sequenceFlow id="done" sourceRef="more" targetRef="end" />
      <endEvent id="end" />`);
    await model(
      loop('<serviceTask id="page" camunda:type="external" camunda:topic="statements" />'),
    );
    expect(
      (await errors(loop('<serviceTask id="page" camunda:type="creditCheck" />')))[0]?.message,
    ).toContain('lies on a loop without a user task');
  });
});

describe('event-based gateways', () => {
  /** start -> gateway -> each of `branches` (catch events or anything else) -> end. */
  const race = (branches: string, gatewayAttributes = '') =>
    declaring(
      '<message id="paid" name="paid" />',
      `
      <startEvent id="start" />
      <sequenceFlow id="f1" sourceRef="start" targetRef="race" />
      <eventBasedGateway id="race" ${gatewayAttributes} />
      ${branches}
      <endEvent id="end" />`,
    );
  const timerBranch = `
      <sequenceFlow id="toTimer" sourceRef="race" targetRef="late" />
      <intermediateCatchEvent id="late"><timerEventDefinition><timeDuration>P1D</timeDuration></timerEventDefinition></intermediateCatchEvent>
      <sequenceFlow id="lateDone" sourceRef="late" targetRef="end" />`;

  it('given a gateway leading to a timer and a message catch event, when parsed, then it deploys as a gateway that waits', async () => {
    const parsed = await model(
      race(`${timerBranch}
      <sequenceFlow id="toPaid" sourceRef="race" targetRef="payment" />
      <intermediateCatchEvent id="payment"><messageEventDefinition messageRef="paid" /></intermediateCatchEvent>
      <sequenceFlow id="paidDone" sourceRef="payment" targetRef="end" />`),
    );
    expect(parsed.nodes.race).toMatchObject({
      kind: 'eventBasedGateway',
      outgoing: ['toTimer', 'toPaid'],
    });
  });

  it('given a user task after the gateway, when parsed, then the gateway is refused naming the task', async () => {
    const found = await errors(
      race(`${timerBranch}
      <sequenceFlow id="toTask" sourceRef="race" targetRef="review" />
      <userTask id="review" />
      <sequenceFlow id="reviewDone" sourceRef="review" targetRef="end" />`),
    );
    expect(found).toContainEqual({
      elementId: 'race',
      elementType: 'bpmn:EventBasedGateway',
      message:
        "bpmn:EventBasedGateway 'race': its flow 'toTask' leads to bpmn:UserTask 'review'; an event-based gateway may lead only to intermediate catch events of a timer, a message or a signal",
    });
  });

  it('given a catch event after the gateway that another flow also reaches, when parsed, then it is refused', async () => {
    const found = await errors(
      bpmn(`
      <startEvent id="start" />
      <sequenceFlow id="f1" sourceRef="start" targetRef="split" />
      <parallelGateway id="split" />
      <sequenceFlow id="f2" sourceRef="split" targetRef="race" />
      <sequenceFlow id="f3" sourceRef="split" targetRef="late" />
      <eventBasedGateway id="race" />
      <sequenceFlow id="toTimer" sourceRef="race" targetRef="late" />
      <intermediateCatchEvent id="late"><timerEventDefinition><timeDuration>P1D</timeDuration></timerEventDefinition></intermediateCatchEvent>
      <sequenceFlow id="lateDone" sourceRef="late" targetRef="end" />
      <endEvent id="end" />`),
    );
    expect(found.map((error) => error.message)).toContain(
      "bpmn:EventBasedGateway 'race': bpmn:IntermediateCatchEvent 'late' after it has other incoming flows; an event after an event-based gateway is reached from the gateway only",
    );
  });

  it.each([
    [
      'instantiate="true"',
      'an instantiating event-based gateway (instantiate="true") is not supported',
    ],
    ['eventGatewayType="Parallel"', 'eventGatewayType="Parallel" is not supported'],
  ])('given %s, when parsed, then it is refused by name', async (attributes, message) => {
    const found = await errors(race(timerBranch, attributes));
    expect(found).toEqual([
      expect.objectContaining({
        elementId: 'race',
        elementType: 'bpmn:EventBasedGateway',
        message: expect.stringContaining(message) as string,
      }),
    ]);
  });

  it('given a condition on a flow leaving the gateway, when parsed, then it is refused: the events decide', async () => {
    const found = await errors(
      race(`
      <sequenceFlow id="toTimer" sourceRef="race" targetRef="late"><conditionExpression>\${x}</conditionExpression></sequenceFlow>
      <intermediateCatchEvent id="late"><timerEventDefinition><timeDuration>P1D</timeDuration></timerEventDefinition></intermediateCatchEvent>
      <sequenceFlow id="lateDone" sourceRef="late" targetRef="end" />`),
    );
    expect(found.map((error) => error.elementId)).toContain('toTimer');
  });
});

describe('signal events', () => {
  const signals = `
    <signal id="rateSignal" name="baseRateChanged" />
    <signal id="bundleSignal" name="bundleComplete" flowable:scope="processInstance" />`;
  /** The declarations above, in a file that binds the Flowable namespace too. */
  const withSignals = (body: string, declarations = signals) =>
    declaring(declarations, body).replace(
      'xmlns:camunda=',
      'xmlns:flowable="http://flowable.org/bpmn" xmlns:activiti="http://activiti.org/bpmn" xmlns:camunda=',
    );

  it('given signal catch, boundary, start, throw and end events, when parsed, then each names its signal and scope', async () => {
    const parsed = await model(
      withSignals(`
      <startEvent id="start" />
      <startEvent id="onRate"><signalEventDefinition signalRef="rateSignal" /></startEvent>
      <sequenceFlow id="f1" sourceRef="start" targetRef="work" />
      <sequenceFlow id="f1b" sourceRef="onRate" targetRef="work" />
      <userTask id="work" />
      <boundaryEvent id="moved" attachedToRef="work" cancelActivity="false">
        <signalEventDefinition signalRef="rateSignal" />
      </boundaryEvent>
      <sequenceFlow id="f2" sourceRef="moved" targetRef="movedEnd" />
      <endEvent id="movedEnd"><signalEventDefinition signalRef="bundleSignal" /></endEvent>
      <sequenceFlow id="f3" sourceRef="work" targetRef="announce" />
      <intermediateThrowEvent id="announce"><signalEventDefinition signalRef="rateSignal" /></intermediateThrowEvent>
      <sequenceFlow id="f4" sourceRef="announce" targetRef="milestone" />
      <intermediateThrowEvent id="milestone" name="Half-way" />
      <sequenceFlow id="f5" sourceRef="milestone" targetRef="wait" />
      <intermediateCatchEvent id="wait"><signalEventDefinition signalRef="bundleSignal" /></intermediateCatchEvent>
      <sequenceFlow id="f6" sourceRef="wait" targetRef="end" />
      <endEvent id="end" />`),
    );
    expect(parsed.startEventId).toBe('start');
    expect(parsed.signalStarts).toEqual({ baseRateChanged: 'onRate' });
    expect(parsed.nodes.moved).toMatchObject({
      kind: 'boundaryEvent',
      cancelActivity: false,
      trigger: { type: 'signal', signalName: 'baseRateChanged', scope: 'global' },
    });
    expect(parsed.nodes.movedEnd).toMatchObject({
      kind: 'endEvent',
      signal: { signalName: 'bundleComplete', scope: 'processInstance' },
    });
    expect(parsed.nodes.announce).toMatchObject({
      kind: 'throwEvent',
      signal: { signalName: 'baseRateChanged', scope: 'global' },
    });
    expect(parsed.nodes.milestone).toEqual(expect.objectContaining({ kind: 'throwEvent' }));
    expect(parsed.nodes.milestone).not.toHaveProperty('signal');
    expect(parsed.nodes.wait).toMatchObject({
      trigger: { type: 'signal', signalName: 'bundleComplete', scope: 'processInstance' },
    });
  });

  it('given a process started only by a signal, when parsed, then it deploys without a none start event', async () => {
    const parsed = await model(
      withSignals(`
      <startEvent id="onRate"><signalEventDefinition signalRef="rateSignal" /></startEvent>
      <sequenceFlow id="f1" sourceRef="onRate" targetRef="end" />
      <endEvent id="end" />`),
    );
    expect(parsed.signalStarts).toEqual({ baseRateChanged: 'onRate' });
  });

  it.each([
    [
      'a signal event without a signalRef',
      '<signal id="rateSignal" name="baseRateChanged" />',
      '<intermediateCatchEvent id="x"><signalEventDefinition /></intermediateCatchEvent>',
      "bpmn:IntermediateCatchEvent 'x': a signal event needs a signalRef to a named signal",
    ],
    [
      'a signal name computed by an expression',
      '<signal id="s" name="rate-${region}" />',
      '<intermediateCatchEvent id="x"><signalEventDefinition signalRef="s" /></intermediateCatchEvent>',
      "bpmn:IntermediateCatchEvent 'x': the signal name 'rate-${region}' is an expression, which is not supported",
    ],
    [
      'a scope other than global or processInstance',
      '<signal id="s" name="rate" flowable:scope="tenant" />',
      '<intermediateThrowEvent id="x"><signalEventDefinition signalRef="s" /></intermediateThrowEvent>',
      'flowable:scope="tenant" on signal \'rate\' is not supported: the scope is global or processInstance',
    ],
    [
      'Flowable and Activiti scopes that disagree',
      '<signal id="s" name="rate" flowable:scope="global" activiti:scope="processInstance" />',
      '<intermediateThrowEvent id="x"><signalEventDefinition signalRef="s" /></intermediateThrowEvent>',
      'flowable:scope="global" and activiti:scope="processInstance" disagree',
    ],
    [
      'a message throw event',
      '<message id="m" name="m" />',
      '<intermediateThrowEvent id="x"><messageEventDefinition messageRef="m" /></intermediateThrowEvent>',
      "bpmn:IntermediateThrowEvent 'x': a message throw event is not supported",
    ],
  ])(
    'given %s, when parsed, then it is refused by name',
    async (_case, declarations, element, message) => {
      const found = await errors(
        withSignals(
          `
      <startEvent id="start" />
      <sequenceFlow id="f1" sourceRef="start" targetRef="x" />
      ${element}
      <sequenceFlow id="f2" sourceRef="x" targetRef="end" />
      <endEvent id="end" />`,
          declarations,
        ),
      );
      expect(found.map((error) => error.message).join('\n')).toContain(message);
    },
  );

  it('given a signal start event of processInstance scope, or one inside a sub-process, when parsed, then each is refused', async () => {
    const found = await errors(
      withSignals(`
      <startEvent id="start" />
      <startEvent id="onBundle"><signalEventDefinition signalRef="bundleSignal" /></startEvent>
      <sequenceFlow id="f0" sourceRef="onBundle" targetRef="inner" />
      <sequenceFlow id="f1" sourceRef="start" targetRef="inner" />
      <subProcess id="inner">
        <startEvent id="innerStart"><signalEventDefinition signalRef="rateSignal" /></startEvent>
        <sequenceFlow id="i1" sourceRef="innerStart" targetRef="innerEnd" />
        <endEvent id="innerEnd" />
      </subProcess>
      <sequenceFlow id="f2" sourceRef="inner" targetRef="end" />
      <endEvent id="end" />`),
    );
    expect(found.map((error) => error.message)).toEqual(
      expect.arrayContaining([
        "bpmn:StartEvent 'onBundle': signal 'bundleComplete' has the scope processInstance, so no signal could start the process",
        "bpmn:StartEvent 'innerStart': event definitions (bpmn:SignalEventDefinition) are not supported",
      ]),
    );
  });
});

describe('link events', () => {
  const linkThrow = (id: string, name: string) =>
    `<intermediateThrowEvent id="${id}"><linkEventDefinition name="${name}" /></intermediateThrowEvent>`;
  const linkCatch = (id: string, name: string) =>
    `<intermediateCatchEvent id="${id}"><linkEventDefinition name="${name}" /></intermediateCatchEvent>`;
  /** start -> task -> throw 'page2'; `catches` -> ... -> end. */
  const paged = (rest: string) =>
    bpmn(`
      <startEvent id="start" />
      <sequenceFlow id="f1" sourceRef="start" targetRef="work" />
      <userTask id="work" />
      <sequenceFlow id="f2" sourceRef="work" targetRef="jump" />
      ${linkThrow('jump', 'page2')}
      ${rest}
      <endEvent id="end" />`);
  const messages = async (xml: string) => (await errors(xml)).map((error) => error.message);

  it('given a link throw and its catch, when parsed, then the throw names the catch it leads to', async () => {
    const parsed = await model(
      paged(`${linkCatch('landing', 'page2')}
      <sequenceFlow id="f3" sourceRef="landing" targetRef="end" />`),
    );
    expect(parsed.nodes.jump).toMatchObject({
      kind: 'throwEvent',
      link: { linkName: 'page2', target: 'landing' },
    });
    expect(parsed.nodes.landing).toMatchObject({
      kind: 'catchEvent',
      trigger: { type: 'link', linkName: 'page2' },
      incoming: [],
    });
  });

  it('given a throw whose name nothing catches, when parsed, then it is refused', async () => {
    expect(
      await messages(
        paged(`${linkCatch('landing', 'page3')}
      <sequenceFlow id="f3" sourceRef="landing" targetRef="end" />`),
      ),
    ).toContain(
      "bpmn:IntermediateThrowEvent 'jump': no intermediate catch event of link 'page2' lies in the process; a link goes on at the catch event of its name in its own scope",
    );
  });

  it('given two catch events of one name, when parsed, then the second is refused naming the first', async () => {
    expect(
      await messages(
        paged(`${linkCatch('landing', 'page2')}${linkCatch('again', 'page2')}
      <sequenceFlow id="f3" sourceRef="landing" targetRef="end" />
      <sequenceFlow id="f4" sourceRef="again" targetRef="end" />`),
      ),
    ).toContain(
      "bpmn:IntermediateCatchEvent 'again': link 'page2' is caught twice in the process (also by 'landing'); a link throw event could not tell where to go on",
    );
  });

  it('given a link catch event with an incoming flow and a link throw with an outgoing one, when parsed, then both are refused', async () => {
    const found = await messages(
      paged(`${linkCatch('landing', 'page2')}
      <sequenceFlow id="f3" sourceRef="landing" targetRef="end" />
      <sequenceFlow id="f5" sourceRef="jump" targetRef="landing" />`),
    );
    expect(found).toEqual(
      expect.arrayContaining([
        "bpmn:IntermediateCatchEvent 'landing': a link catch event cannot have incoming flows: its path starts where a link throw event of its name leads",
        "bpmn:IntermediateThrowEvent 'jump': a link throw event cannot have outgoing flows: the path goes on at the link catch event of its name",
      ]),
    );
  });

  it('given a throw inside a sub-process and its catch outside it, when parsed, then the throw is refused: a link stays in its scope', async () => {
    expect(
      await messages(
        bpmn(`
      <startEvent id="start" />
      <sequenceFlow id="f1" sourceRef="start" targetRef="inner" />
      <subProcess id="inner">
        <startEvent id="innerStart" />
        <sequenceFlow id="i1" sourceRef="innerStart" targetRef="leave" />
        ${linkThrow('leave', 'outside')}
        <endEvent id="innerEnd" />
      </subProcess>
      <sequenceFlow id="f2" sourceRef="inner" targetRef="end" />
      ${linkCatch('outside', 'outside')}
      <sequenceFlow id="f3" sourceRef="outside" targetRef="end" />
      <endEvent id="end" />`),
      ),
    ).toContain(
      "bpmn:IntermediateThrowEvent 'leave': no intermediate catch event of link 'outside' lies in sub-process 'inner'; a link goes on at the catch event of its name in its own scope",
    );
  });

  it('given a link that loops back without a user task, when parsed, then the loop is refused', async () => {
    const found = await messages(
      bpmn(`
      <startEvent id="start" />
      <sequenceFlow id="f1" sourceRef="start" targetRef="gate" />
      ${linkCatch('top', 'again')}
      <sequenceFlow id="f0" sourceRef="top" targetRef="gate" />
      <exclusiveGateway id="gate" default="done" />
      <sequenceFlow id="loop" sourceRef="gate" targetRef="back"><conditionExpression>\${more}</conditionExpression></sequenceFlow>
      ${linkThrow('back', 'again')}
      <sequenceFlow id="done" sourceRef="gate" targetRef="end" />
      <endEvent id="end" />`),
    );
    expect(found.join('\n')).toContain('lies on a loop without a user task');
  });

  it.each([
    [
      'a link without a name',
      '<intermediateThrowEvent id="x"><linkEventDefinition /></intermediateThrowEvent>',
      "bpmn:IntermediateThrowEvent 'x': a link event needs a name, which pairs its throw and catch",
    ],
    [
      'a link on a boundary event',
      '<boundaryEvent id="x" attachedToRef="work"><linkEventDefinition name="y" /></boundaryEvent>',
      "bpmn:BoundaryEvent 'x': event definitions (bpmn:LinkEventDefinition) are not supported",
    ],
  ])('given %s, when parsed, then it is refused by name', async (_case, element, message) => {
    expect(
      await messages(
        paged(`${linkCatch('landing', 'page2')}
      <sequenceFlow id="f3" sourceRef="landing" targetRef="end" />
      ${element}`),
      ),
    ).toContain(message);
  });
});

describe('event sub-processes and escalations', () => {
  const declarations = `
  <message id="ping" name="ping" />
  <escalation id="late" name="Late" escalationCode="LATE" />`;

  /** FLOW with one event sub-process beside it. */
  const withEventSubProcess = (inside: string, attributes = '') =>
    declaring(
      declarations,
      `${FLOW}
    <subProcess id="handler" triggeredByEvent="true"${attributes}>${inside}
    </subProcess>`,
    );

  const messageStart = `
      <startEvent id="handlerStart"><messageEventDefinition messageRef="ping" /></startEvent>
      <sequenceFlow id="hf" sourceRef="handlerStart" targetRef="handlerEnd" />
      <endEvent id="handlerEnd" />`;

  const messages = async (xml: string) => (await errors(xml)).map((error) => error.message);

  it('given the collateral review fixture, when parsed, then each event sub-process, its start trigger and each escalation event is read', async () => {
    const definition = await model(
      await readFile(new URL('events/event-subprocesses-and-escalations.bpmn', fixtures), 'utf8'),
    );
    expect(definition.nodes.lateValuation).toMatchObject({
      kind: 'eventSubProcess',
      scope: 'valuation',
      startEventId: 'lateValuationStart',
    });
    expect(definition.nodes.lateValuationStart).toMatchObject({
      eventSubProcess: {
        trigger: { type: 'message', messageName: 'valuationArrived' },
        interrupting: false,
      },
    });
    expect(definition.nodes.shockStart).toMatchObject({
      eventSubProcess: {
        trigger: { type: 'signal', signalName: 'marketShock' },
        interrupting: true,
      },
    });
    expect(definition.nodes.staleStart).toMatchObject({
      eventSubProcess: { trigger: { type: 'timer', timer: { type: 'cycle', value: 'R3/P1D' } } },
    });
    expect(definition.nodes.failureStart).toMatchObject({
      eventSubProcess: {
        trigger: { type: 'error', errorCode: 'VALUATION_FAILED' },
        interrupting: true,
        errorMessageVariable: 'why',
      },
    });
    expect(definition.nodes.anyEscalationStart).toMatchObject({
      eventSubProcess: { trigger: { type: 'escalation', escalationCode: null } },
    });
    expect(definition.nodes.flagLowValue).toMatchObject({
      kind: 'throwEvent',
      escalation: { escalationCode: 'LOW_VALUE' },
    });
    expect(definition.nodes.valuationEnd).toMatchObject({
      kind: 'endEvent',
      escalation: { escalationCode: 'LOW_VALUE' },
    });
    expect(definition.nodes.lowValueSeen).toMatchObject({
      kind: 'boundaryEvent',
      cancelActivity: false,
      trigger: { type: 'escalation', escalationCode: 'LOW_VALUE' },
      escalationCodeVariable: 'seenCode',
    });
    // Event sub-process starts are no process starts: nothing outside starts an instance there.
    expect(definition.messageStarts).toEqual({});
    expect(definition.signalStarts).toEqual({});
    expect(definition.startEventId).toBe('start');
  });

  it('given an event sub-process with a flow into it and one out of it, when parsed, then each is refused by name', async () => {
    const xml = declaring(
      declarations,
      `
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="handler" />
    <subProcess id="handler" triggeredByEvent="true">${messageStart}
    </subProcess>
    <sequenceFlow id="f2" sourceRef="handler" targetRef="end" />
    <endEvent id="end" />`,
    );
    const found = await messages(xml);
    expect(found).toContain(
      "bpmn:SubProcess 'handler': an event sub-process cannot have incoming sequence flows: its start event's trigger starts it",
    );
    expect(found).toContain(
      "bpmn:SubProcess 'handler': an event sub-process cannot have outgoing sequence flows: when it ends, its path ends",
    );
  });

  it('given an event sub-process with a none start event, when parsed, then it is refused naming the start event', async () => {
    const found = await messages(
      withEventSubProcess(`
      <startEvent id="handlerStart" />
      <sequenceFlow id="hf" sourceRef="handlerStart" targetRef="handlerEnd" />
      <endEvent id="handlerEnd" />`),
    );
    expect(found).toContain(
      "bpmn:SubProcess 'handler': its start event 'handlerStart' needs a message, timer, signal, error or escalation event definition: a none start event is never triggered",
    );
  });

  it('given an event sub-process with two start events, when parsed, then it is refused with the count', async () => {
    const found = await messages(
      withEventSubProcess(`${messageStart}
      <startEvent id="secondStart"><escalationEventDefinition escalationRef="late" /></startEvent>
      <sequenceFlow id="hf2" sourceRef="secondStart" targetRef="handlerEnd" />`),
    );
    expect(found).toContain(
      "bpmn:SubProcess 'handler': an event sub-process needs exactly one start event; found 2",
    );
  });

  it.each([
    [
      'conditional',
      '<conditionalEventDefinition><condition>${ready}</condition></conditionalEventDefinition>',
      'bpmn:ConditionalEventDefinition',
    ],
    ['compensation', '<compensateEventDefinition />', 'bpmn:CompensateEventDefinition'],
  ])(
    'given an event sub-process with a %s start, when parsed, then it stays refused naming the definition',
    async (_kind, definition, type) => {
      const found = await messages(
        withEventSubProcess(`
      <startEvent id="handlerStart">${definition}</startEvent>
      <sequenceFlow id="hf" sourceRef="handlerStart" targetRef="handlerEnd" />
      <endEvent id="handlerEnd" />`),
      );
      expect(found).toContain(
        `bpmn:StartEvent 'handlerStart': event definitions (${type}) are not supported`,
      );
    },
  );

  it('given a non-interrupting error start, a multi-instance event sub-process and a boundary event on one, when parsed, then each is refused', async () => {
    const errorStart = await messages(
      withEventSubProcess(`
      <startEvent id="handlerStart" isInterrupting="false"><errorEventDefinition /></startEvent>
      <sequenceFlow id="hf" sourceRef="handlerStart" targetRef="handlerEnd" />
      <endEvent id="handlerEnd" />`),
    );
    expect(errorStart).toContain(
      "bpmn:StartEvent 'handlerStart': an error start event always interrupts",
    );
    const multi = await errors(
      withEventSubProcess(
        `${messageStart}
      <multiInstanceLoopCharacteristics><loopCardinality>2</loopCardinality></multiInstanceLoopCharacteristics>`,
      ),
    );
    expect(multi.some((error) => error.elementId === 'handler')).toBe(true);
    const boundary = await messages(
      declaring(
        declarations,
        `${FLOW}
    <subProcess id="handler" triggeredByEvent="true">${messageStart}
    </subProcess>
    <boundaryEvent id="onHandler" attachedToRef="handler"><escalationEventDefinition /></boundaryEvent>
    <sequenceFlow id="bf" sourceRef="onHandler" targetRef="end" />`,
      ),
    );
    expect(boundary).toContain(
      "bpmn:BoundaryEvent 'onHandler': an event sub-process carries no boundary events: its start event is its trigger",
    );
  });

  it('given escalation throws without a code, an escalation boundary on a user task and a code that is an expression, when parsed, then each is refused by name', async () => {
    const found = await messages(
      declaring(
        `<escalation id="nameless" name="No code" />
  <escalation id="computed" escalationCode="\${code}" />`,
        `
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="raise" />
    <intermediateThrowEvent id="raise"><escalationEventDefinition escalationRef="nameless" /></intermediateThrowEvent>
    <sequenceFlow id="f2" sourceRef="raise" targetRef="work" />
    <userTask id="work" />
    <boundaryEvent id="onWork" attachedToRef="work"><escalationEventDefinition /></boundaryEvent>
    <sequenceFlow id="f3" sourceRef="onWork" targetRef="computedEnd" />
    <endEvent id="computedEnd"><escalationEventDefinition escalationRef="computed" /></endEvent>
    <sequenceFlow id="f4" sourceRef="work" targetRef="end" />
    <endEvent id="end" />`,
      ),
    );
    expect(found).toContain(
      "bpmn:IntermediateThrowEvent 'raise': an escalation throw or end event needs an escalationRef to an escalation with an escalationCode",
    );
    expect(found).toContain(
      "bpmn:BoundaryEvent 'onWork': a user task raises no escalations to catch",
    );
    expect(found).toContain(
      "bpmn:EndEvent 'computedEnd': the escalation code '${code}' is an expression, which is not supported: catchers are found by a fixed code",
    );
  });
});

describe('compensation, transactions, receive and send tasks', () => {
  const messages = async (xml: string) => (await errors(xml)).map((error) => error.message);
  const fixture = (name: string) => readFile(new URL(`events/${name}`, fixtures), 'utf8');

  /** A user task with a compensation boundary event and its handler, as a frame's middle. */
  const compensable = (handler: string, association = true) => `
    <userTask id="work" />
    <boundaryEvent id="onUndo" attachedToRef="work"><compensateEventDefinition /></boundaryEvent>
    ${handler}
    ${association ? '<association id="a1" sourceRef="onUndo" targetRef="undo" />' : ''}`;

  it('given the loan booking fixture, when parsed, then each compensation boundary event names its handler, the handlers are marked and the throw compensates everything', async () => {
    const definition = await model(await fixture('compensation-loan-booking.bpmn'));
    expect(definition.nodes.onReserveUndone).toMatchObject({
      kind: 'boundaryEvent',
      attachedTo: 'reserveFunds',
      trigger: { type: 'compensation', handler: 'releaseFunds' },
    });
    expect(definition.nodes.onCollateralUndone).toMatchObject({
      attachedTo: 'bookCollateral',
      trigger: { type: 'compensation', handler: 'unbookCollateral' },
    });
    expect(definition.nodes.releaseFunds).toMatchObject({
      kind: 'userTask',
      forCompensation: true,
    });
    expect(definition.nodes.unbookCollateral).toMatchObject({
      kind: 'serviceTask',
      external: { topic: 'collateral-release' },
      forCompensation: true,
    });
    expect(definition.nodes.undoBooking).toMatchObject({
      kind: 'throwEvent',
      compensation: { activityRef: null, waitForCompletion: true },
    });
    expect(definition.nodes.bookCollateral?.boundaryEvents).toEqual(['onCollateralUndone']);
  });

  it('given the tranche fixture, when parsed, then the throw names its activity and does not wait', async () => {
    const definition = await model(await fixture('compensation-tranches.bpmn'));
    expect(definition.nodes.undoTranches).toMatchObject({
      compensation: { activityRef: 'payTranche', waitForCompletion: false },
    });
  });

  it('given the payout fixture, when parsed, then the transaction is a marked sub-process with its cancel end and cancel boundary events', async () => {
    const definition = await model(await fixture('transaction-cancel.bpmn'));
    expect(definition.nodes.payout).toMatchObject({
      kind: 'subProcess',
      transaction: true,
      startEventId: 'payoutStart',
    });
    expect(definition.nodes.rejected).toMatchObject({
      kind: 'endEvent',
      cancel: true,
      scope: 'payout',
    });
    expect(definition.nodes.payoutCancelled).toMatchObject({
      kind: 'boundaryEvent',
      trigger: { type: 'cancel' },
      cancelActivity: true,
    });
    expect(definition.nodes.refundDebit).toMatchObject({ forCompensation: true, scope: 'payout' });
  });

  it('given the receive task fixtures, when parsed, then each waits for its message, one of them per item', async () => {
    const single = await model(await fixture('receive-task.bpmn'));
    expect(single.nodes.awaitSignature).toMatchObject({
      kind: 'receiveTask',
      messageName: 'offerSigned',
      boundaryEvents: ['noSignature'],
    });
    const multi = await model(await fixture('receive-task-multi-instance.bpmn'));
    expect(multi.nodes.awaitGuarantee).toMatchObject({
      kind: 'receiveTask',
      multiInstance: { collection: 'guarantors', elementVariable: 'guarantor' },
    });
  });

  it('given a compensation boundary event without an association, when parsed, then it is refused by name', async () => {
    const found = await messages(
      around(compensable('<userTask id="undo" isForCompensation="true" />', false), 'work'),
    );
    expect(found).toContain(
      'bpmn:BoundaryEvent \'onUndo\': a compensation boundary event needs an association to its compensation handler (an activity with isForCompensation="true")',
    );
    expect(found).toContain(
      "bpmn:UserTask 'undo': no compensation boundary event leads to this compensation handler by an association, so it would never run",
    );
  });

  it('given an association to an activity not marked for compensation, when parsed, then it is refused by name', async () => {
    const found = await messages(around(compensable('<userTask id="undo" />'), 'work'));
    expect(found).toContain(
      "bpmn:BoundaryEvent 'onUndo': its association leads to 'undo', which is not a compensation handler (isForCompensation=\"true\")",
    );
  });

  it.each([
    [
      'a handler-bound service task',
      '<serviceTask id="undo" camunda:type="creditCheck" isForCompensation="true" />',
      'bpmn:ServiceTask',
    ],
    [
      'a sub-process',
      `<subProcess id="undo" isForCompensation="true">${FLOW.replace(/"(start|end|f1)"/g, '"in$1"')}</subProcess>`,
      'bpmn:SubProcess',
    ],
    [
      'a call activity',
      '<callActivity id="undo" calledElement="other" isForCompensation="true" />',
      'bpmn:CallActivity',
    ],
  ])(
    'given %s as a compensation handler, when parsed, then it is refused by name',
    async (_kind, handler, type) => {
      const found = await messages(around(compensable(handler), 'work'));
      expect(found).toContain(
        `${type} 'undo': a compensation handler (isForCompensation="true") must be a user task or an external service task here; other activities cannot undo work`,
      );
    },
  );

  it('given a handler with flows, one that is multi-instance, and a compensation boundary event with an outgoing flow, when parsed, then each is refused by name', async () => {
    const found = await messages(
      bpmn(`
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="work" />
    ${compensable(`<userTask id="undo" isForCompensation="true">
      <multiInstanceLoopCharacteristics><loopCardinality>2</loopCardinality></multiInstanceLoopCharacteristics>
    </userTask>`)}
    <sequenceFlow id="f2" sourceRef="work" targetRef="undo" />
    <sequenceFlow id="f3" sourceRef="undo" targetRef="end" />
    <sequenceFlow id="f4" sourceRef="onUndo" targetRef="end" />
    <endEvent id="end" />`),
    );
    expect(found).toContain(
      "bpmn:UserTask 'undo': a compensation handler cannot be multi-instance: it already runs once for each completion of its activity",
    );
    expect(found).toContain(
      "bpmn:UserTask 'undo': a compensation handler cannot have incoming flows: only its compensation boundary event leads to it",
    );
    expect(found).toContain(
      "bpmn:UserTask 'undo': a compensation handler cannot have outgoing flows: when it ends, the compensation goes on",
    );
  });

  it('given a compensation boundary event with an outgoing flow, when parsed, then it is refused by name', async () => {
    const found = await messages(
      bpmn(`
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="work" />
    ${compensable('<userTask id="undo" isForCompensation="true" />')}
    <sequenceFlow id="f2" sourceRef="work" targetRef="end" />
    <sequenceFlow id="f4" sourceRef="onUndo" targetRef="end" />
    <endEvent id="end" />`),
    );
    expect(found).toContain(
      "bpmn:BoundaryEvent 'onUndo': a compensation boundary event cannot have outgoing flows: its handler is joined to it by an association",
    );
  });

  it('given a compensation throw whose activityRef names an activity without a compensation boundary event, when parsed, then it is refused by name', async () => {
    const found = await messages(
      bpmn(`
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="work" />
    ${compensable('<userTask id="undo" isForCompensation="true" />')}
    <sequenceFlow id="f2" sourceRef="work" targetRef="other" />
    <userTask id="other" />
    <sequenceFlow id="f3" sourceRef="other" targetRef="undoOther" />
    <intermediateThrowEvent id="undoOther"><compensateEventDefinition activityRef="other" /></intermediateThrowEvent>
    <sequenceFlow id="f4" sourceRef="undoOther" targetRef="end" />
    <endEvent id="end" />`),
    );
    expect(found).toContain(
      "bpmn:IntermediateThrowEvent 'undoOther': activityRef 'other' must name an activity of the process with a compensation boundary event",
    );
  });

  it('given a cancel end event outside a transaction and a cancel boundary event on a sub-process, when parsed, then each is refused by name', async () => {
    const found = await messages(
      bpmn(`
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="inner" />
    <subProcess id="inner">
      <startEvent id="innerStart" />
      <sequenceFlow id="if1" sourceRef="innerStart" targetRef="innerCancel" />
      <endEvent id="innerCancel"><cancelEventDefinition /></endEvent>
    </subProcess>
    <boundaryEvent id="onCancel" attachedToRef="inner"><cancelEventDefinition /></boundaryEvent>
    <sequenceFlow id="f2" sourceRef="onCancel" targetRef="end" />
    <sequenceFlow id="f3" sourceRef="inner" targetRef="end" />
    <endEvent id="end" />`),
    );
    expect(found).toContain(
      "bpmn:EndEvent 'innerCancel': a cancel end event lies directly in a transaction (<transaction>), which it cancels; there is none around it",
    );
    expect(found).toContain(
      "bpmn:BoundaryEvent 'onCancel': a cancel boundary event sits on a transaction only: nothing else is cancelled",
    );
  });

  it('given a transaction whose cancel end event has no cancel boundary event to leave by, when parsed, then it is refused by name', async () => {
    const found = await messages(
      bpmn(`
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="payout" />
    <transaction id="payout">
      <startEvent id="innerStart" />
      <sequenceFlow id="if1" sourceRef="innerStart" targetRef="innerCancel" />
      <endEvent id="innerCancel"><cancelEventDefinition /></endEvent>
    </transaction>
    <sequenceFlow id="f3" sourceRef="payout" targetRef="end" />
    <endEvent id="end" />`),
    );
    expect(found).toContain(
      "bpmn:EndEvent 'innerCancel': a cancel end event needs a cancel boundary event on its transaction 'payout', where the cancelled transaction is left",
    );
  });

  it('given a receive task without a messageRef, when parsed, then it is refused by name', async () => {
    const found = await messages(around('<receiveTask id="wait" />', 'wait'));
    expect(found).toContain(
      "bpmn:ReceiveTask 'wait': a receive task needs a messageRef to a named message: it waits for that message, and without one nothing can reach it",
    );
  });

  it('given message throw and end events, with and without code bound to them, when parsed, then each is refused by name, pointing to an external send task', async () => {
    const found = await messages(
      declaring(
        '<message id="offer" name="offerSent" />',
        `
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="sendOffer" />
    <intermediateThrowEvent id="sendOffer"><messageEventDefinition messageRef="offer" /></intermediateThrowEvent>
    <sequenceFlow id="f2" sourceRef="sendOffer" targetRef="end" />
    <endEvent id="end"><messageEventDefinition messageRef="offer" camunda:class="com.acme.SendOffer" /></endEvent>`,
      ),
    );
    expect(found).toContain(
      'bpmn:IntermediateThrowEvent \'sendOffer\': a message throw event is not supported: nothing here receives a thrown message, so it would be lost; model a send task with camunda:type="external" and a camunda:topic (flowable:type="external-worker"), whose worker delivers the message',
    );
    expect(found).toContain(
      'bpmn:EndEvent \'end\': camunda:class is not supported: \'com.acme.SendOffer\' binds code the engine cannot run; model a send task with camunda:type="external" and a camunda:topic (flowable:type="external-worker"), whose worker delivers the message',
    );
  });

  it('given an external send task, when parsed, then it is an external task of its topic', async () => {
    const definition = await model(
      around('<sendTask id="send" camunda:type="external" camunda:topic="offer-mail" />', 'send'),
    );
    expect(definition.nodes.send).toMatchObject({
      kind: 'serviceTask',
      external: { topic: 'offer-mail' },
    });
  });

  it.each([
    ['<sendTask id="send" />', 'a send task without an implementation is not supported'],
    [
      '<sendTask id="send" camunda:delegateExpression="${mailer}" />',
      'camunda:delegateExpression="${mailer}" is not supported on a send task',
    ],
    [
      '<sendTask id="send" camunda:expression="${mailer.send()}" />',
      'camunda:expression="${mailer.send()}" is not supported on a send task',
    ],
  ])('given the send task %s, when parsed, then it is refused by name', async (task, start) => {
    const found = await messages(around(task, 'send'));
    expect(found).toContain(
      `bpmn:SendTask 'send': ${start}: the server delivers no messages itself; make it an external task with camunda:type="external" and a camunda:topic (flowable:type="external-worker"), whose worker sends the message`,
    );
  });

  it('given a business rule task, when parsed, then it is refused saying no DMN is run and what to model instead', async () => {
    const found = await messages(
      around('<businessRuleTask id="decide" camunda:decisionRef="pricing" />', 'decide'),
    );
    expect(found).toContain(
      "bpmn:BusinessRuleTask 'decide': a business rule task is not supported: the engine runs no DMN decision tables (nor rules); decide with an exclusive gateway on the variables, or let an external service task call the decision service",
    );
  });
});
