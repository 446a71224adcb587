import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { TASK_DESCRIPTION_MAX_LENGTH } from '../../../schemas/api/tasksConstants';
import { parseProcessDefinition } from './parseProcessDefinition';
import type { ProcessModel } from '../processModel';

const fixtures = new URL('../../../fixtures/bpmn-conformance/', import.meta.url);
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
        `bpmn:Process 'codeBound': flowable:candidateStarterGroups="finance" is not supported here: whoever may start cases may start every deployed process; there is no per-process list`,
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

describe('user task documentation', () => {
  it('given user tasks with documentation, when parsed, then each keeps its instructions trimmed, unindented and joined by a blank line', async () => {
    const definition = await modelOf('user-task-documentation.bpmn');
    expect(definition.nodes.callCustomer).toMatchObject({
      kind: 'userTask',
      documentation: [
        'Call ${customerName} on ${phone}.',
        'Offer the rate of ${rate} %; do not promise more.',
        '',
        '  Write down when they can be reached again.',
        '',
        'Keep <b>#{notes}</b> short.',
      ].join('\n'),
    });
    expect(definition.nodes.fileNotes).not.toHaveProperty('documentation');
  });

  it('given documentation on the process, a start event, a flow and an end event, when parsed, then the process keeps its description and the others are ignored', async () => {
    const result = await parseFile('user-task-documentation.bpmn');
    if ('errors' in result) throw new Error(result.errors.map((e) => e.message).join('\n'));
    expect(result.definition.description).toBe('Calls a customer back about a pending loan.');
    expect(result.definition.nodes.start).not.toHaveProperty('documentation');
    expect(result.definition.nodes.end).not.toHaveProperty('documentation');
    expect(result.warnings).toEqual([]);
  });

  it('given documentation with an expression the grammar refuses, when parsed, then it is refused with its position', async () => {
    const found = await messagesOf(
      document(`<startEvent id="s" /><sequenceFlow id="a" sourceRef="s" targetRef="t" />
        <userTask id="t"><documentation>Run \${execution.getVariable("x")} first</documentation></userTask>
        <sequenceFlow id="b" sourceRef="t" targetRef="e" /><endEvent id="e" />`),
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^bpmn:UserTask 't': documentation is refused: .+ \(at \d+\)$/);
  });

  it('given documentation longer than the limit, when parsed, then it is cut before a placeholder it would split, with a warning naming the task', async () => {
    const long = `${'x'.repeat(TASK_DESCRIPTION_MAX_LENGTH - 10)} \${customerName} and more`;
    const result = await parseProcessDefinition(
      document(`<startEvent id="s" /><sequenceFlow id="a" sourceRef="s" targetRef="t" />
        <userTask id="t"><documentation>${long}</documentation></userTask>
        <sequenceFlow id="b" sourceRef="t" targetRef="e" /><endEvent id="e" />`),
      { serviceHandlers: handlers },
    );
    if ('errors' in result) throw new Error(result.errors.map((e) => e.message).join('\n'));
    const node = result.definition.nodes.t;
    const documentation = node?.kind === 'userTask' ? (node.documentation ?? '') : '';
    expect(documentation).toBe(`${'x'.repeat(TASK_DESCRIPTION_MAX_LENGTH - 10)}…`);
    expect(result.warnings).toEqual([
      {
        elementId: 't',
        elementType: 'bpmn:UserTask',
        attribute: 'documentation',
        message: `bpmn:UserTask 't': its documentation has ${long.length} characters; the task shows the first ${TASK_DESCRIPTION_MAX_LENGTH}`,
      },
    ]);
  });
});

describe('implicit end', () => {
  it('given a process whose every path ends at an activity no flow leaves, when parsed, then it deploys without an end event', async () => {
    const definition = await modelOf('implicit-end.bpmn');
    expect(Object.values(definition.nodes).some((node) => node.kind === 'endEvent')).toBe(false);
    expect(definition.nodes.archiveCheck).toMatchObject({ kind: 'userTask', outgoing: [] });
    expect(definition.nodes.review).toMatchObject({ kind: 'subProcess', outgoing: [] });
    expect(definition.nodes.score).toMatchObject({ kind: 'serviceTask', outgoing: [] });
  });

  it.each([
    ['a plain task', '<task id="last" />'],
    ['a manual task', '<manualTask id="last" />'],
    ['a call activity', '<callActivity id="last" calledElement="other" />'],
  ])('given %s no flow leaves, when parsed, then it deploys', async (_kind, last) => {
    const result = await parseProcessDefinition(
      document(
        `<startEvent id="s" /><sequenceFlow id="a" sourceRef="s" targetRef="last" />${last}`,
      ),
      { serviceHandlers: handlers },
    );
    if ('errors' in result) throw new Error(result.errors.map((e) => e.message).join('\n'));
    expect(result.definition.nodes.last?.outgoing).toEqual([]);
  });

  it.each([
    ['an exclusive gateway', '<exclusiveGateway id="last" />', 'bpmn:ExclusiveGateway'],
    ['a parallel gateway', '<parallelGateway id="last" />', 'bpmn:ParallelGateway'],
    ['an inclusive gateway', '<inclusiveGateway id="last" />', 'bpmn:InclusiveGateway'],
    [
      'a catch event',
      '<intermediateCatchEvent id="last"><timerEventDefinition><timeDuration>P1D</timeDuration></timerEventDefinition></intermediateCatchEvent>',
      'bpmn:IntermediateCatchEvent',
    ],
  ])('given %s no flow leaves, when parsed, then it is refused', async (_kind, last, type) => {
    const found = await messagesOf(
      document(
        `<startEvent id="s" /><sequenceFlow id="a" sourceRef="s" targetRef="t" /><userTask id="t" />
        <sequenceFlow id="b" sourceRef="t" targetRef="last" />${last}`,
      ),
    );
    expect(found).toContain(`${type} 'last': no flow leaves here`);
  });

  it('given a start event no flow leaves, when parsed, then it is refused', async () => {
    const found = await messagesOf(document('<startEvent id="s" /><userTask id="t" />'));
    expect(found).toContain("bpmn:StartEvent 's': no flow leaves here");
  });
});

describe('item types naming XML Schema types', () => {
  it('given data objects, a property, a message and a condition typed xsd:string, xsd:int, xs:boolean, when parsed, then it deploys', async () => {
    const definition = await modelOf('xsd-item-types.bpmn');
    expect(Object.keys(definition.nodes).sort()).toEqual([
      'expressEnd',
      'review',
      'route',
      'routineEnd',
      'start',
    ]);
    expect(definition.flows.express).toMatchObject({ condition: '${urgent == true}' });
  });

  it.each([
    ['another namespace', 'xmlns:java="http://jcp.org/en/jsr/detail?id=270"', 'java:String'],
    ['the xsd prefix bound elsewhere', 'xmlns:xsd="http://example.com/types"', 'xsd:string'],
    ['a prefix bound to nothing', '', 'xsd:string'],
    ['a plain id that names no item definition', '', 'missingType'],
  ])(
    'given an item type in %s, when parsed, then the unresolved reference is still refused',
    async (_case, namespaces, reference) => {
      const found = await messagesOf(
        document(
          `<dataObject id="amount" name="amount" itemSubjectRef="${reference}" />
          <startEvent id="s" /><sequenceFlow id="a" sourceRef="s" targetRef="e" /><endEvent id="e" />`,
          namespaces,
        ),
      );
      expect(found).toEqual([`Unreadable BPMN: unresolved reference <${reference}>`]);
    },
  );

  it('given an XML Schema prefix, when a flow names a missing node with it, then the flow is still refused', async () => {
    const found = await messagesOf(
      document(
        `<startEvent id="s" /><sequenceFlow id="a" sourceRef="s" targetRef="xsd:end" /><endEvent id="e" />`,
        'xmlns:xsd="http://www.w3.org/2001/XMLSchema"',
      ),
    );
    expect(found).toEqual(['Unreadable BPMN: unresolved reference <xsd:end>']);
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

describe("Activiti's namespace under another dialect's prefix", () => {
  it('given a file binding the Activiti namespace to the camunda prefix, when parsed, then its attributes read as Activiti ones', async () => {
    const definition = await modelOf('legacy-activiti-namespace.bpmn');
    expect(definition.initiatorVariable).toBe('initiator');
    expect(definition.startFormKey).toBe('expense-claim');
    expect(definition.nodes.review).toMatchObject({
      formKey: 'expense-review',
      assignee: '${initiator}',
      candidateUsers: ['auditor1', 'auditor2'],
      candidateGroups: ['finance', 'managers'],
      dueDate: 'P2D',
      priority: '70',
    });
    expect(definition.nodes.check).toMatchObject({ kind: 'serviceTask', handler: 'creditCheck' });
  });

  it('given listeners, classes and unread attributes under that binding, when parsed, then each is refused as the file spells it', async () => {
    const result = await parseFile('legacy-activiti-listener.bpmn');
    if (!('errors' in result)) throw new Error('expected the definition to be refused');
    expect(result.errors.map((error) => error.message)).toEqual([
      "bpmn:UserTask 'approve': camunda:taskListener listeners run code and are not supported",
      `bpmn:UserTask 'approve': camunda:owner="clerk" is not supported here`,
      "bpmn:ServiceTask 'pay': camunda:class is not supported: 'com.example.PayOut' binds code the engine cannot run; name a registered handler with activiti:type",
    ]);
  });
});

describe('Camunda settings the engine does not read', () => {
  it('given a Camunda file with start restrictions, form references, a follow-up date, version bindings and mapping classes, when parsed, then each is refused by name', async () => {
    const result = await parseFile('camunda-unread-settings.bpmn');
    if (!('errors' in result)) throw new Error('expected the definition to be refused');
    const found = result.errors.map((error) => [error.elementId, error.message]);
    expect(found).toEqual([
      [
        'unreadSettings',
        `bpmn:Process 'unreadSettings': camunda:candidateStarterGroups="branch-managers" is not supported here: whoever may start cases may start every deployed process; there is no per-process list`,
      ],
      [
        'unreadSettings',
        `bpmn:Process 'unreadSettings': camunda:candidateStarterUsers="ana" is not supported here: whoever may start cases may start every deployed process; there is no per-process list`,
      ],
      [
        'start',
        `bpmn:StartEvent 'start': camunda:formRef="loanStart" is not supported here: name the form with formKey`,
      ],
      [
        'start',
        `bpmn:StartEvent 'start': camunda:formRefBinding="latest" is not supported here: name the form with formKey`,
      ],
      [
        'review',
        `bpmn:UserTask 'review': camunda:followUpDate="P1D" is not supported here: tasks have a due date but no follow-up date`,
      ],
      [
        'bureau',
        `bpmn:CallActivity 'bureau': camunda:calledElementVersion="3" is not supported here: a call activity starts the latest version of the process it names`,
      ],
      [
        'bureau',
        `bpmn:CallActivity 'bureau': camunda:variableMappingClass="com.example.BureauMapping" is not supported here: it binds code the engine cannot run; map variables with in and out`,
      ],
      [
        'bureau',
        `bpmn:CallActivity 'bureau': camunda:calledElementBinding="version" is not supported here: a call activity starts the latest version of the process it names`,
      ],
      [
        'score',
        `bpmn:CallActivity 'score': camunda:variableMappingDelegateExpression="\${scoringMapping}" is not supported here: it binds code the engine cannot run; map variables with in and out`,
      ],
    ]);
  });

  const callActivity = (attributes: string, body = ''): string =>
    document(`<startEvent id="s" /><sequenceFlow id="a" sourceRef="s" targetRef="x" />
      <callActivity id="x" calledElement="bureauCheck" ${attributes}>${body}</callActivity>
      <sequenceFlow id="b" sourceRef="x" targetRef="e" /><endEvent id="e" />`);

  it.each([
    ['camunda:calledElementBinding="deployment"', 'camunda:calledElementBinding="deployment"'],
    [
      'camunda:calledElementBinding="versionTag" camunda:calledElementVersionTag="v2"',
      'camunda:calledElementVersionTag="v2"',
    ],
    ['camunda:calledElementTenantId="other"', 'camunda:calledElementTenantId="other"'],
  ])(
    'given a call activity with %s, when parsed, then the refusal names %s',
    async (attributes, named) => {
      const found = await messagesOf(callActivity(attributes));
      expect(found.join('\n')).toContain(`bpmn:CallActivity 'x': ${named} is not supported here`);
    },
  );

  it('given a call activity bound to the latest version, when parsed, then it deploys as before', async () => {
    const result = await parseProcessDefinition(
      callActivity('camunda:calledElementBinding="latest"'),
      { serviceHandlers: handlers },
    );
    expect(result).toMatchObject({
      definition: { nodes: { x: { calledElement: 'bureauCheck' } } },
    });
  });

  it('given an in mapping copying local variables only, when parsed, then local is refused by name', async () => {
    const found = await messagesOf(
      callActivity(
        '',
        '<extensionElements><camunda:in variables="all" local="true" /></extensionElements>',
      ),
    );
    expect(found.join('\n')).toContain('camunda:In local="true" is not supported');
  });
});

describe('terminate end events that reach further', () => {
  it('given terminateAll and terminateMultiInstance, when parsed, then the model carries them', async () => {
    const all = await modelOf('terminate-all-in-subprocess.bpmn');
    expect(all.nodes.fraudEnd).toMatchObject({ terminate: true, terminateAll: true });
    expect(all.nodes.withdrawnEnd).toEqual(expect.not.objectContaining({ terminateAll: true }));
    const called = await modelOf('terminate-all-called.bpmn');
    expect(called.nodes.stopEverything).toMatchObject({ terminate: true, terminateAll: true });
    const veto = await modelOf('terminate-multi-instance.bpmn');
    expect(veto.nodes.vetoEnd).toMatchObject({ terminate: true, terminateMultiInstance: true });
  });

  it.each([
    [
      '<terminateEventDefinition flowable:terminateAll="yes" />',
      "flowable:terminateAll must be 'true' or 'false', not 'yes'",
    ],
    [
      '<terminateEventDefinition flowable:terminateAll="true" activiti:terminateAll="false" />',
      'flowable:terminateAll="true" and activiti:terminateAll="false" disagree',
    ],
    [
      '<terminateEventDefinition flowable:terminateScope="true" />',
      'flowable:terminateScope="true" is not supported here',
    ],
    [
      '<terminateEventDefinition camunda:terminateAll="true" />',
      'unknown attribute <camunda:terminateAll>',
    ],
  ])('given %s, when parsed, then the refusal says %s', async (definition, message) => {
    const found = await messagesOf(
      document(`<startEvent id="s" /><sequenceFlow id="a" sourceRef="s" targetRef="e" />
        <endEvent id="e">${definition}</endEvent>`),
    );
    expect(found.join('\n')).toContain(message);
  });
});

describe('error boundary variables', () => {
  it('given errorCodeVariable and errorMessageVariable on an error boundary event, when parsed, then the model names both variables and the thrown message', async () => {
    const definition = await modelOf('error-boundary-variables.bpmn');
    expect(definition.nodes.onRefusal).toMatchObject({
      errorCodeVariable: 'refusalCode',
      errorMessageVariable: 'refusalReason',
    });
    expect(definition.nodes.refuse).toMatchObject({
      errorCode: 'NOT_AFFORDABLE',
      errorMessage: 'Monthly payment ${payment} exceeds the limit',
    });
  });

  const withBoundary = (definition: string, end = '<errorEventDefinition />'): string =>
    document(`<startEvent id="s" /><sequenceFlow id="a" sourceRef="s" targetRef="sub" />
      <subProcess id="sub"><startEvent id="ss" /><sequenceFlow id="sa" sourceRef="ss" targetRef="se" />
        <endEvent id="se">${end}</endEvent></subProcess>
      <boundaryEvent id="caught" attachedToRef="sub">${definition}</boundaryEvent>
      <sequenceFlow id="c" sourceRef="caught" targetRef="e" />
      <sequenceFlow id="b" sourceRef="sub" targetRef="e" /><endEvent id="e" />`);

  it('given the Flowable spelling, when parsed, then it reads the same', async () => {
    const result = await parseProcessDefinition(
      withBoundary('<errorEventDefinition flowable:errorCodeVariable="code" />'),
      { serviceHandlers: handlers },
    );
    expect(result).toMatchObject({
      definition: { nodes: { caught: { errorCodeVariable: 'code' } } },
    });
  });

  it.each([
    [
      withBoundary('<errorEventDefinition camunda:errorCodeVariable="no such" />'),
      "camunda:errorCodeVariable 'no such' is not a usable variable name",
    ],
    [
      withBoundary(
        '<errorEventDefinition />',
        '<errorEventDefinition camunda:errorCodeVariable="code" />',
      ),
      `bpmn:EndEvent 'se': camunda:errorCodeVariable="code" is not supported here: only a catching error event stores the error it catches`,
    ],
    [
      withBoundary('<errorEventDefinition flowable:errorVariableName="error" />'),
      'flowable:errorVariableName="error" is not supported here',
    ],
  ])('given %s, when parsed, then the refusal says %s', async (xml, message) => {
    const found = await messagesOf(xml);
    expect(found.join('\n')).toContain(message);
  });
});

describe('initiator may complete, as APS writes it', () => {
  it("given APS's initiator-can-complete element and Activiti's attribute, when parsed, then those tasks let the starter complete them", async () => {
    const definition = await modelOf('aps-initiator-can-complete.bpmn');
    expect(definition.nodes.approve).toMatchObject({ initiatorCanCompleteTask: true });
    expect(definition.nodes.confirm).toMatchObject({ initiatorCanCompleteTask: true });
    expect(definition.nodes.archive).toMatchObject({ initiatorCanCompleteTask: false });
  });

  it('given the element and the property disagreeing, when parsed, then both are named', async () => {
    const found = await messagesOf(
      document(
        `<startEvent id="s" /><sequenceFlow id="a" sourceRef="s" targetRef="t" />
        <userTask id="t"><extensionElements>
          <camunda:properties><camunda:property name="initiatorCanCompleteTask" value="false" /></camunda:properties>
          <modeler:initiator-can-complete>true</modeler:initiator-can-complete>
        </extensionElements></userTask>
        <sequenceFlow id="b" sourceRef="t" targetRef="e" /><endEvent id="e" />`,
        'xmlns:modeler="http://activiti.com/modeler"',
      ),
    );
    expect(found).toEqual([
      `bpmn:UserTask 't': property 'initiatorCanCompleteTask'="false" and modeler:initiator-can-complete="true" disagree`,
    ]);
  });
});

describe('multi-instance settings the engine does not read', () => {
  it.each([
    [
      '<flowable:variableAggregation target="opinions"><variable source="opinion" /></flowable:variableAggregation>',
      "bpmn:UserTask 'x': flowable:variableAggregation is not supported: the items of a multi-instance activity share the process variables",
    ],
  ])('given %s, when parsed, then the refusal names it', async (extension, message) => {
    const found = await messagesOf(
      document(`<startEvent id="s" /><sequenceFlow id="a" sourceRef="s" targetRef="x" />
        <userTask id="x" flowable:assignee="\${member}">
          <multiInstanceLoopCharacteristics flowable:collection="members" flowable:elementVariable="member">
            <extensionElements>${extension}</extensionElements>
          </multiInstanceLoopCharacteristics>
        </userTask>
        <sequenceFlow id="b" sourceRef="x" targetRef="e" /><endEvent id="e" />`),
    );
    expect(found).toEqual([message]);
  });

  it('given a business calendar on a timer, when parsed, then it is refused by name', async () => {
    const found = await messagesOf(
      document(`<startEvent id="s" /><sequenceFlow id="a" sourceRef="s" targetRef="x" />
        <intermediateCatchEvent id="x"><timerEventDefinition flowable:businessCalendarName="weekdays">
          <timeDuration>P1D</timeDuration></timerEventDefinition></intermediateCatchEvent>
        <sequenceFlow id="b" sourceRef="x" targetRef="e" /><endEvent id="e" />`),
    );
    expect(found).toEqual([
      `bpmn:IntermediateCatchEvent 'x': flowable:businessCalendarName="weekdays" is not supported here: due dates and timers count calendar time; there are no business calendars`,
    ]);
  });
});

describe('external tasks in each dialect', () => {
  it.each([
    ['external-task-camunda.bpmn', 'Camunda'],
    ['external-task-flowable.bpmn', 'Flowable'],
    ['external-task-activiti-legacy.bpmn', "Activiti's namespace under camunda:"],
  ])(
    'given %s (%s), when parsed, then its service task is an external task of its topic',
    async (file) => {
      const definition = await modelOf(file);
      expect(definition.nodes.bureauCheck).toMatchObject({
        kind: 'serviceTask',
        external: { topic: 'creditBureau' },
        properties: {},
      });
      expect(definition.nodes.bureauCheck).not.toHaveProperty('handler');
    },
  );

  it.each([
    [
      '<serviceTask id="x" flowable:type="external-worker" />',
      'flowable:type="external-worker" needs a topic: name the work its workers fetch with flowable:topic',
    ],
    [
      '<serviceTask id="x" flowable:type="creditCheck" flowable:topic="bureau" />',
      'flowable:topic="bureau" names a worker topic, but only an external task has one (flowable:type="external-worker")',
    ],
    [
      '<serviceTask id="x" activiti:topic="bureau" activiti:type="creditCheck" />',
      'activiti:topic="bureau" names a worker topic, but only an external task has one',
    ],
    [
      '<serviceTask id="x" flowable:type="external-worker" flowable:topic="${topic}" />',
      "flowable:topic '${topic}' is refused: a topic is a plain name, not an expression",
    ],
    [
      '<serviceTask id="x" camunda:type="external" camunda:topic="bureau" flowable:type="creditCheck" />',
      'camunda:type="external" and flowable:type="creditCheck" disagree',
    ],
    [
      '<userTask id="x" flowable:topic="bureau" />',
      'flowable:topic="bureau" is not supported here',
    ],
    [
      '<serviceTask id="x" flowable:type="external-worker" flowable:topic="bureau" flowable:taskPriority="3" />',
      'flowable:taskPriority="3" is not supported here',
    ],
  ])('given %s, when parsed, then the refusal says "%s"', async (element, message) => {
    const found = await messagesOf(
      document(`
      <startEvent id="start" />
      <sequenceFlow id="f1" sourceRef="start" targetRef="x" />
      ${element}
      <sequenceFlow id="f2" sourceRef="x" targetRef="end" />
      <endEvent id="end" />`),
    );
    expect(found.join('\n')).toContain(message);
  });
});
