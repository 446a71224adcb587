import { readFile } from 'node:fs/promises';
import { BpmnModdle } from 'bpmn-moddle';
import camundaPackage from 'camunda-bpmn-moddle/resources/camunda.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { ProcessPath } from '../../schemas/api/processes';
import { DefinitionRefusedError } from '../../server/engine';
import { ExtensionReader } from '../../server/engine/parse/extensionDialects';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import { setUpTestServer } from '../helpers/setUpTestServer';

const fixtures = new URL('../../fixtures/bpmn-conformance/', import.meta.url);
const TENANT = 'internal';

async function fixture(name: string): Promise<string> {
  return readFile(new URL(name, fixtures), 'utf8');
}

describe('process files written for Flowable, Activiti or another modeller', () => {
  const suite = setUpTestServer();

  it.each([
    ['flowable-review.bpmn', 'flowableReview'],
    ['activiti-review.bpmn', 'activitiReview'],
    ['legacy-activiti-namespace.bpmn', 'legacyReview'],
  ])(
    'given %s with an initiator assignee and candidate groups, when a user starts it, then the task is theirs and offered to those groups',
    async (file, key) => {
      const { server } = suite;
      const definition = await server.app.engine.deploy(TENANT, await fixture(file));
      expect(definition.key).toBe(key);
      const lucas = await signIn(server, EMAIL.lmartin);
      const started = await call(lucas, 'POST', ProcessPath.processInstances, {
        processDefinitionId: definition.id,
        name: `Expense review ${key}`,
      });
      expect(started.statusCode, started.body).toBe(200);
      const instanceId = started.json<{ data: { id: string } }>().data.id;
      const [task] = await server.app.engine.listInstanceTasks(TENANT, instanceId, {
        completed: false,
      });
      if (task === undefined) throw new Error('the instance has no open task');
      expect(task).toMatchObject({
        elementId: 'review',
        assignee: 'lmartin',
        formKey: 'expense-review',
        priority: 70,
      });
      const candidates = await server.app.engine.getTaskCandidates(TENANT, task.id);
      expect([...candidates.groups].sort()).toEqual(['finance', 'managers']);
      expect([...candidates.users].sort()).toEqual(['auditor1', 'auditor2']);
    },
  );

  it('given a file with settings that change nothing here, when deployed, then it runs and the deploy answer lists each as a warning; a file without them earns none', async () => {
    const { engine } = suite.server.app;
    const tuned = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="defs" targetNamespace="tests">
  <process id="tunedDeploy" isExecutable="true" camunda:historyTimeToLive="P30D">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="review" />
    <userTask id="review" camunda:asyncBefore="true" camunda:assignee="lmartin" />
    <sequenceFlow id="f2" sourceRef="review" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;
    const deployed = await engine.deploy(TENANT, tuned);
    expect(deployed.warnings.map((warning) => [warning.elementId, warning.attribute])).toEqual([
      ['tunedDeploy', 'camunda:historyTimeToLive'],
      ['review', 'camunda:asyncBefore'],
    ]);
    const instance = await engine.startProcess(TENANT, {
      key: 'tunedDeploy',
      startedBy: 'lmartin',
      variables: {},
    });
    const [task] = await engine.listInstanceTasks(TENANT, instance.id, { completed: false });
    expect(task?.assignee).toBe('lmartin');
    expect((await engine.deploy(TENANT, await fixture('camunda-review.bpmn'))).warnings).toEqual(
      [],
    );
  });

  it('given a Flowable Design export with its own display settings and a job category, when deployed, then it deploys and the job category is a warning', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:flowable="http://flowable.org/bpmn" xmlns:design="http://flowable.org/design"
  id="defs" targetNamespace="loans">
  <process id="designExport" isExecutable="true">
    <startEvent id="start">
      <extensionElements>
        <flowable:work-form-field-validation><![CDATA[false]]></flowable:work-form-field-validation>
        <design:stencilid><![CDATA[StartNoneEvent]]></design:stencilid>
      </extensionElements>
    </startEvent>
    <sequenceFlow id="f1" sourceRef="start" targetRef="check" />
    <userTask id="check" name="Check" flowable:assignee="lmartin" flowable:jobCategory="loans">
      <extensionElements>
        <flowable:task-candidates-type><![CDATA[all]]></flowable:task-candidates-type>
      </extensionElements>
    </userTask>
    <sequenceFlow id="f2" sourceRef="check" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;
    const deployed = await suite.server.app.engine.deploy(TENANT, xml);
    expect(deployed.key).toBe('designExport');
    expect(deployed.warnings.map((warning) => warning.attribute)).toEqual(['flowable:jobCategory']);
  });

  it('given a Flowable file binding a Java class, when deployed, then it is refused naming the task and the attribute', async () => {
    const refused = await suite.server.app.engine
      .deploy(TENANT, await fixture('flowable-code-bindings.bpmn'))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(DefinitionRefusedError);
    const errors = (refused as DefinitionRefusedError).errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          elementId: 'pay',
          elementType: 'bpmn:ServiceTask',
          message: expect.stringContaining('flowable:class is not supported') as unknown,
        }),
      ]),
    );
    // Every problem at once: the process listener and the task listener as well.
    expect(errors.length).toBeGreaterThanOrEqual(3);
    const listed = (await suite.server.app.engine.listDefinitions(TENANT)).map(
      (definition) => definition.key,
    );
    expect(listed).not.toContain('codeBound');
  });

  it('given a file with a pool and an unused message declaration, when deployed and started, then it runs to its user task', async () => {
    const { server } = suite;
    const definition = await server.app.engine.deploy(
      TENANT,
      await fixture('pool-and-declarations.bpmn'),
    );
    expect(definition.key).toBe('pooledReview');
    const instance = await server.app.engine.startProcess(TENANT, {
      key: 'pooledReview',
      startedBy: 'lmartin',
    });
    const [task] = await server.app.engine.listInstanceTasks(TENANT, instance.id, {
      completed: false,
    });
    expect(task).toMatchObject({ elementId: 'review' });
    if (task === undefined) throw new Error('the instance has no open task');
    // The manual task after it lets the token pass to the end.
    await server.app.engine.assignTask(TENANT, task.id, { assignee: 'lmartin', actor: 'lmartin' });
    await server.app.engine.completeTask(TENANT, task.id, { userId: 'lmartin' });
    expect(await server.app.engine.getInstance(TENANT, instance.id)).toMatchObject({
      endedAt: expect.anything() as unknown,
    });
  });
});

describe('dialect attributes the engine accepts without effect', () => {
  /** The warnings a definitions document earns, as the deploy answer lists them. */
  async function warningsOf(xml: string) {
    const { rootElement } = await new BpmnModdle({ camunda: camundaPackage }).fromXML(xml);
    return new ExtensionReader(rootElement).ignoredAttributeWarnings(rootElement);
  }

  it('given Camunda job settings on the process, a task and a nested one, when read, then each is a warning naming the element, in document order', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="defs" targetNamespace="tests">
  <process id="tuned" isExecutable="true" camunda:historyTimeToLive="P30D">
    <startEvent id="start" />
    <userTask id="review" camunda:asyncBefore="true" camunda:assignee="ana" />
    <subProcess id="checks">
      <serviceTask id="score" camunda:exclusive="false" camunda:jobPriority="5" />
    </subProcess>
    <serviceTask id="plain" />
  </process>
</definitions>`;
    expect(await warningsOf(xml)).toEqual([
      {
        elementId: 'tuned',
        elementType: 'bpmn:Process',
        attribute: 'camunda:historyTimeToLive',
        message:
          'bpmn:Process \'tuned\': camunda:historyTimeToLive="P30D" is ignored: history is kept with its instance until the instance is deleted',
      },
      expect.objectContaining({ elementId: 'review', attribute: 'camunda:asyncBefore' }),
      expect.objectContaining({ elementId: 'score', attribute: 'camunda:exclusive' }),
      expect.objectContaining({ elementId: 'score', attribute: 'camunda:jobPriority' }),
    ]);
  });

  it.each([
    ['flowable-review.bpmn', 'flowable:async'],
    ['activiti-review.bpmn', 'activiti:async'],
  ])(
    'given %s with an async task, when read, then the setting is a warning, not a silent acceptance',
    async (file, attribute) => {
      expect(await warningsOf(await fixture(file))).toEqual([
        {
          elementId: 'review',
          elementType: 'bpmn:UserTask',
          attribute,
          message: `bpmn:UserTask 'review': ${attribute}="true" is ignored: every step runs in the request that triggers it; there are no asynchronous jobs`,
        },
      ]);
    },
  );

  it('given a file that writes none of them, when read, then the meta-model defaults earn no warning', async () => {
    expect(await warningsOf(await fixture('camunda-review.bpmn'))).toEqual([]);
    expect(await warningsOf(await fixture('flowable-loan-routing.bpmn'))).toEqual([]);
  });
});
