import { describe, expect, it } from 'vitest';
import { parseProcessDefinition } from './parseProcessDefinition';

/** A one-task process with the namespaces real modellers bind, around `task`. */
function file(task: string, namespaces = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:modeler="http://activiti.com/modeler" ${namespaces}
  id="d" targetNamespace="lending">
  <process id="review" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="check" />
    ${task}
    <sequenceFlow id="f2" sourceRef="check" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;
}

async function parse(xml: string) {
  return parseProcessDefinition(xml, { serviceHandlers: new Set() });
}

describe('settings in namespaces no engine dialect reads', () => {
  it("given APS modeller settings on several tasks, when parsed, then each setting is one warning naming the first element and how many carry it, and the drawing tool's own ids stay quiet", async () => {
    const settings = (id: string) => `
      <userTask id="${id}" name="Check">
        <extensionElements>
          <modeler:allow-send-email>true</modeler:allow-send-email>
          <modeler:editor-resource-id>sid-${id}</modeler:editor-resource-id>
        </extensionElements>
      </userTask>`;
    const xml = file(settings('check')).replace(
      '<sequenceFlow id="f2" sourceRef="check" targetRef="end" />',
      `<sequenceFlow id="f2" sourceRef="check" targetRef="again" />${settings('again')}
       <sequenceFlow id="f3" sourceRef="again" targetRef="end" />`,
    );
    const result = await parse(xml);
    if ('errors' in result) throw new Error(result.errors.map((e) => e.message).join('\n'));
    expect(result.warnings.map((warning) => warning.message)).toEqual([
      "bpmn:UserTask 'check' (and 1 more elements): modeler:allow-send-email is not read: it belongs to no Camunda, Flowable or Activiti setting this engine knows, so it has no effect here",
    ]);
  });

  it("given a vendor's own attribute, when parsed, then it is named as not read", async () => {
    const result = await parse(
      file('<userTask id="check" acme:slaHours="4" />', 'xmlns:acme="http://acme.example/bpmn"'),
    );
    if ('errors' in result) throw new Error(result.errors.map((e) => e.message).join('\n'));
    expect(result.warnings.map((warning) => warning.attribute)).toEqual(['acme:slaHours']);
  });

  it("given Activiti 7's modeller namespace, when parsed, then its activiti: settings are read as Activiti's", async () => {
    const result = await parse(
      file(
        '<userTask id="check" activiti:assignee="ana" activiti:candidateGroups="risk" />',
        'xmlns:activiti="http://activiti.org/schema/1.0/bpmn"',
      ),
    );
    if ('errors' in result) throw new Error(result.errors.map((e) => e.message).join('\n'));
    expect(result.definition.nodes.check).toMatchObject({
      assignee: 'ana',
      candidateGroups: ['risk'],
    });
  });

  it('given a Camunda 8 (Zeebe) file, when parsed, then it is refused by name rather than run without its forms and assignments', async () => {
    const result = await parse(
      file(
        `<userTask id="check"><extensionElements><zeebe:formDefinition formId="CheckForm" /></extensionElements></userTask>`,
        'xmlns:zeebe="http://camunda.org/schema/zeebe/1.0"',
      ),
    );
    expect('errors' in result && result.errors[0]?.message).toBe(
      'This is a Camunda 8 (Zeebe) file: its zeebe: settings (job types, forms, assignments) cannot be read; export it for Camunda 7, Flowable or Activiti',
    );
  });
});
