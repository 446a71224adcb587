import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { NormalizedForm } from '../../../schemas/forms';
import { detectFormKind } from '../../../src/core/forms/compiler';
import { docxText } from '../../documents/buildDocx';
import { formIdOf } from '../../forms/storedForm';
import { DEMO_TEMPLATES } from '../../seed/demoDocumentTemplates';
import { PROCESS_TYPE_OF_KEY } from '../../workflow/processQueries';
import {
  checkProcessForms,
  compileProcessForms,
  documentTemplateReads,
  formWrites,
  ProcessFormWarningCode,
  type CheckProcessFormsOptions,
  type DocumentTemplateReads,
  type FormSource,
} from './checkProcessForms';
import { registerRecordDeletionHandlers } from '../handlers/recordDeletion';
import { parseProcessDefinition } from '../parse/parseProcessDefinition';
import type { ProcessModel } from '../processModel';
import { serviceHandlers, ServiceHandlerRegistry } from '../ServiceHandlerRegistry';
import { compileForm } from '../../../plugins/compiler';

const folder = (path: string): string => fileURLToPath(new URL(path, import.meta.url));
const PROCESSES = folder('../../../fixtures/processes/');
const FORMS = folder('../../../fixtures/forms/');
const INVALID = folder('../../../fixtures/processes/invalid/');

/** The server's handlers, with the ones the demo's deploy registers first. */
registerRecordDeletionHandlers(serviceHandlers);

/** Form definitions of a folder by the id the form store keeps them under, as the seed does. */
async function formSources(path: string): Promise<Map<string, FormSource>> {
  const files = (await readdir(path)).filter(
    (name) => name.endsWith('.json') && !name.startsWith('invalid-'),
  );
  const sources = new Map<string, FormSource>();
  for (const file of files) {
    const definition = JSON.parse(await readFile(`${path}${file}`, 'utf8')) as unknown;
    const id = formIdOf(definition, detectFormKind(definition), file.slice(0, -'.json'.length));
    sources.set(id, { kind: detectFormKind(id), definition });
  }
  return sources;
}

async function parse(xml: string, handlers = serviceHandlers): Promise<ProcessModel> {
  const result = await parseProcessDefinition(xml, { serviceHandlers: handlers });
  if ('errors' in result) throw new Error(result.errors.map((error) => error.message).join('\n'));
  return result.definition;
}

/** The text a demo template's tags are written in: paragraphs of a docx, cells of an xlsx. */
function templateTexts(content: Buffer): string[] {
  if (new PizZip(content).file('word/document.xml')) return docxText(content);
  const workbook = XLSX.read(content, { type: 'buffer' });
  return Object.values(workbook.Sheets).flatMap((sheet) =>
    Object.entries(sheet)
      .filter(([address]) => !address.startsWith('!'))
      .map(([, cell]) => (cell as XLSX.CellObject).v)
      .filter((value): value is string => typeof value === 'string'),
  );
}

/** The demo templates of a process's report type, with the variables each reads. */
function demoDocuments(model: ProcessModel): DocumentTemplateReads[] {
  const type = PROCESS_TYPE_OF_KEY[model.key];
  return DEMO_TEMPLATES.filter((template) => template.scope === type).map((template) =>
    documentTemplateReads(template.name, templateTexts(template.build())),
  );
}

/** A definitions document around flow elements, with the Camunda namespace. */
function bpmn(body: string, startAttributes = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="defs" targetNamespace="tests">
  <process id="sample" isExecutable="true">
    <startEvent id="start" ${startAttributes} />
    ${body}
  </process>
</definitions>`;
}

/** `start -> a -> b -> ... -> end` for elements with those ids. */
function chain(ids: readonly string[], elements: string): string {
  const all = ['start', ...ids, 'end'];
  const flows = all
    .slice(1)
    .map(
      (id, index) => `<sequenceFlow id="to_${id}" sourceRef="${all[index]}" targetRef="${id}" />`,
    )
    .join('\n');
  return bpmn(`${elements}\n${flows}\n<endEvent id="end" />`);
}

/** A plain form writing these field ids (text fields), compiled. */
function plainForm(key: string, fieldIds: readonly string[]): NormalizedForm {
  const result = compileForm(
    { key, fields: fieldIds.map((id) => ({ id, name: id, type: 'text' })) },
    { kind: 'plain', formId: key },
  );
  if (!result.form) throw new Error(JSON.stringify(result.errors));
  return result.form;
}

function check(model: ProcessModel, options: Partial<CheckProcessFormsOptions> = {}) {
  return checkProcessForms(model, { forms: new Map(), ...options }).map(
    ({ code, elementId, attribute, variable }) => ({ code, elementId, attribute, variable }),
  );
}

const { notWritten, notWrittenOnEveryPath, formNotFound } = ProcessFormWarningCode;

describe('checkProcessForms over the demo processes and their forms', () => {
  const DEMO_FILES = [
    'customer-onboarding.bpmn',
    'customer-record-deletion.bpmn',
    'loan-application.bpmn',
    'loan-origination.bpmn',
  ];

  it('given the demo process folder, when listed, then every file in it is checked below', async () => {
    const files = (await readdir(PROCESSES)).filter((name) => name.endsWith('.bpmn'));
    expect(files.sort()).toEqual(DEMO_FILES);
  });

  for (const file of DEMO_FILES) {
    it(`given ${file} with the demo forms, handlers and templates, when checked, then every variable it reads is written first`, async () => {
      const model = await parse(await readFile(`${PROCESSES}${file}`, 'utf8'));
      const warnings = checkProcessForms(model, {
        forms: compileProcessForms(model, await formSources(FORMS)),
        handlerOutputs: (name) => serviceHandlers.outputsOf(name),
        documents: demoDocuments(model),
        reportMissingForms: true,
      });
      expect(warnings.map((warning) => warning.message)).toEqual([]);
    });
  }
});

describe('checkProcessForms on a process that reads what its forms do not write', () => {
  it('given a task name reading a variable no form writes and a condition reading one written on one branch only, when checked, then each is flagged at its place', async () => {
    const model = await parse(await readFile(`${INVALID}unwritten-variables.bpmn`, 'utf8'));
    const sources = await formSources(`${INVALID}unwritten-variables-forms/`);
    const warnings = checkProcessForms(model, {
      forms: compileProcessForms(model, sources),
      reportMissingForms: true,
    });
    expect(
      warnings.map(({ code, elementId, elementType, attribute, variable }) => ({
        code,
        elementId,
        elementType,
        attribute,
        variable,
      })),
    ).toEqual([
      {
        code: notWrittenOnEveryPath,
        elementId: 'checkFailed',
        elementType: 'bpmn:SequenceFlow',
        attribute: 'conditionExpression',
        variable: 'checkResult',
      },
      {
        code: notWritten,
        elementId: 'review',
        elementType: 'bpmn:UserTask',
        attribute: 'name',
        variable: 'customerName',
      },
    ]);
    expect(warnings[1]?.message).toBe(
      "bpmn:UserTask 'review': name reads 'customerName', which nothing writes before it (no earlier form field, start variable or service task output)",
    );
  });
});

describe('checkProcessForms', () => {
  it('given the initiator, the start form and the start call, when read by the first task, then nothing is flagged', async () => {
    const model = await parse(
      chain(
        ['first'],
        `<userTask id="first" name="Case of \${applicant} for \${metaData.businessObjectId}"
           camunda:assignee="\${initiator}" />`,
      ),
    );
    const withStart = await parse(
      bpmn(
        `<sequenceFlow id="f1" sourceRef="start" targetRef="first" />
         <userTask id="first" name="Case of \${applicant} for \${metaData.businessObjectId}"
           camunda:assignee="\${initiator}" />
         <sequenceFlow id="f2" sourceRef="first" targetRef="end" />
         <endEvent id="end" />`,
        'camunda:initiator="initiator" camunda:formKey="start-form"',
      ),
    );
    expect(check(model)).toEqual([
      { code: notWritten, elementId: 'first', attribute: 'name', variable: 'applicant' },
      { code: notWritten, elementId: 'first', attribute: 'assignee', variable: 'initiator' },
    ]);
    expect(
      check(withStart, {
        forms: new Map([['start-form', plainForm('start-form', ['applicant'])]]),
      }),
    ).toEqual([]);
  });

  it('given every kind of read on a task, when nothing writes it, then each names its attribute', async () => {
    const model = await parse(
      chain(
        ['task'],
        `<userTask id="task" name="\${a}" camunda:assignee="\${b}" camunda:candidateUsers="\${c}, lmartin"
           camunda:candidateGroups="\${d}" camunda:dueDate="\${e}" camunda:priority="\${f}" />`,
      ),
    );
    expect(check(model).map((warning) => [warning.attribute, warning.variable])).toEqual([
      ['name', 'a'],
      ['assignee', 'b'],
      ['candidateUsers', 'c'],
      ['candidateGroups', 'd'],
      ['dueDate', 'e'],
      ['priority', 'f'],
    ]);
  });

  it("given an earlier task's form fields, outcome and outcome variable, when read later, then they count as written; read-only inputs do not", async () => {
    const model = await parse(
      chain(
        ['fill', 'next'],
        `<userTask id="fill" camunda:formKey="fill-form" />
         <userTask id="next" name="\${amount} \${fillOutcome} \${decision} \${shownOnly}" />`,
      ),
    );
    const form = compileForm(
      {
        key: 'fill-form',
        fields: [
          { id: 'amount', name: 'Amount', type: 'integer' },
          { id: 'shownOnly', name: 'Shown', type: 'text', readOnly: true },
        ],
        outcomes: [{ name: 'Approve' }],
        outcomeVariableName: 'decision',
      },
      { kind: 'plain', formId: 'fill-form' },
    ).form;
    if (!form) throw new Error('the form does not compile');
    expect(check(model, { forms: new Map([['fill-form', form]]) })).toEqual([
      { code: notWritten, elementId: 'next', attribute: 'name', variable: 'shownOnly' },
    ]);
  });

  it('given a combined task, when its parts are compiled, then every part writes its fields and the last part its outcome variable', async () => {
    const sources = new Map<string, FormSource>([
      [
        'first-part',
        {
          kind: 'plain',
          definition: {
            key: 'first-part',
            fields: [{ id: 'x', name: 'X', type: 'text' }],
            outcomeVariableName: 'firstOutcome',
          },
        },
      ],
      [
        'last-part',
        {
          kind: 'plain',
          definition: {
            key: 'last-part',
            fields: [{ id: 'y', name: 'Y', type: 'text' }],
            outcomes: [{ name: 'Done' }],
            outcomeVariableName: 'lastOutcome',
          },
        },
      ],
      [
        'CUT-both',
        {
          kind: 'combined',
          definition: {
            id: 'CUT-both',
            name: 'Both',
            forms: [{ ref: 'first-part' }, { ref: 'last-part' }],
          },
        },
      ],
    ]);
    const model = await parse(chain(['both'], '<userTask id="both" camunda:formKey="CUT-both" />'));
    const form = compileProcessForms(model, sources).get('CUT-both');
    if (!form) throw new Error('the combined task does not compile');
    expect(formWrites(form).sort()).toEqual(['lastOutcome', 'x', 'y']);
  });

  it('given a condition reading a variable one branch writes, when the branches meet at an exclusive merge, then it is not written on every path; after a parallel join it is', async () => {
    const branches = (gateway: 'exclusiveGateway' | 'parallelGateway') =>
      bpmn(
        `
        <sequenceFlow id="f1" sourceRef="start" targetRef="fork" />
        <${gateway} id="fork" ${gateway === 'exclusiveGateway' ? 'default="viaB"' : ''} />
        <sequenceFlow id="viaA" sourceRef="fork" targetRef="a">
          ${gateway === 'exclusiveGateway' ? '<conditionExpression xsi:type="tFormalExpression">${initiator == "x"}</conditionExpression>' : ''}
        </sequenceFlow>
        <sequenceFlow id="viaB" sourceRef="fork" targetRef="b" />
        <userTask id="a" camunda:formKey="writes-x" />
        <userTask id="b" name="\${x}" />
        <sequenceFlow id="fromA" sourceRef="a" targetRef="merge" />
        <sequenceFlow id="fromB" sourceRef="b" targetRef="merge" />
        <${gateway} id="merge" />
        <sequenceFlow id="f2" sourceRef="merge" targetRef="route" />
        <exclusiveGateway id="route" default="done" />
        <sequenceFlow id="isX" sourceRef="route" targetRef="end">
          <conditionExpression xsi:type="tFormalExpression">\${x == "yes"}</conditionExpression>
        </sequenceFlow>
        <sequenceFlow id="done" sourceRef="route" targetRef="end" />
        <endEvent id="end" />`,
        'camunda:initiator="initiator"',
      );
    const forms = new Map([['writes-x', plainForm('writes-x', ['x'])]]);
    expect(check(await parse(branches('exclusiveGateway')), { forms })).toEqual([
      { code: notWritten, elementId: 'b', attribute: 'name', variable: 'x' },
      {
        code: notWrittenOnEveryPath,
        elementId: 'isX',
        attribute: 'conditionExpression',
        variable: 'x',
      },
    ]);
    // Parallel branches both run before the join, but neither waits for the other.
    expect(check(await parse(branches('parallelGateway')), { forms })).toEqual([
      { code: notWritten, elementId: 'b', attribute: 'name', variable: 'x' },
    ]);
  });

  it('given a loop back to an earlier task, when that task reads what a later one writes, then the first pass is flagged; what was written before the loop is not', async () => {
    const model = await parse(
      bpmn(
        `<sequenceFlow id="f1" sourceRef="start" targetRef="fill" />
         <userTask id="fill" name="Fill in for \${initiator} (\${remark})" camunda:formKey="fill-form" />
         <sequenceFlow id="f2" sourceRef="fill" targetRef="review" />
         <userTask id="review" name="Review \${amount}" camunda:formKey="review-form" />
         <sequenceFlow id="f3" sourceRef="review" targetRef="again" />
         <exclusiveGateway id="again" default="finished" />
         <sequenceFlow id="back" sourceRef="again" targetRef="fill">
           <conditionExpression xsi:type="tFormalExpression">\${remark != "ok"}</conditionExpression>
         </sequenceFlow>
         <sequenceFlow id="finished" sourceRef="again" targetRef="end" />
         <endEvent id="end" />`,
        'camunda:initiator="initiator"',
      ),
    );
    const forms = new Map([
      ['fill-form', plainForm('fill-form', ['amount'])],
      ['review-form', plainForm('review-form', ['remark'])],
    ]);
    expect(check(model, { forms })).toEqual([
      { code: notWrittenOnEveryPath, elementId: 'fill', attribute: 'name', variable: 'remark' },
    ]);
  });

  it("given a service task, when a later read needs its result, then only the handler's declared outputs count, and its properties are reads", async () => {
    const handlers = new ServiceHandlerRegistry();
    handlers.register('score', () => Promise.resolve({ score: 700 }), { outputs: ['score'] });
    handlers.register('silent', () => Promise.resolve(undefined));
    const model = await parse(
      chain(
        ['scoring', 'quiet', 'after'],
        `<serviceTask id="scoring" camunda:type="score">
           <extensionElements><camunda:properties>
             <camunda:property name="applicant" value="\${applicantId}" />
           </camunda:properties></extensionElements>
         </serviceTask>
         <serviceTask id="quiet" camunda:type="silent" />
         <userTask id="after" name="\${score} \${silence}" />`,
      ),
      handlers,
    );
    expect(check(model, { handlerOutputs: (name) => handlers.outputsOf(name) })).toEqual([
      {
        code: notWritten,
        elementId: 'scoring',
        attribute: 'property:applicant',
        variable: 'applicantId',
      },
      { code: notWritten, elementId: 'after', attribute: 'name', variable: 'silence' },
    ]);
  });

  it('given a multi-instance task, when its name reads its element variable and loop counter, then they are written inside it and not after it', async () => {
    const model = await parse(
      chain(
        ['sign', 'after'],
        `<userTask id="sign" name="Signature \${loopCounter} of \${signer}">
           <multiInstanceLoopCharacteristics camunda:collection="signers" camunda:elementVariable="signer" />
         </userTask>
         <userTask id="after" name="After \${signer}" />`,
      ),
    );
    expect(check(model)).toEqual([
      { code: notWritten, elementId: 'sign', attribute: 'collection', variable: 'signers' },
      { code: notWritten, elementId: 'after', attribute: 'name', variable: 'signer' },
    ]);
  });

  it('given a multi-instance sub-process, when its inner tasks read the item, then that is written; what the inner tasks write is there after it', async () => {
    const model = await parse(
      bpmn(
        `
        <sequenceFlow id="f1" sourceRef="start" targetRef="each" />
        <subProcess id="each">
          <multiInstanceLoopCharacteristics camunda:collection="\${initiator}" camunda:elementVariable="item" />
          <startEvent id="innerStart" />
          <sequenceFlow id="i1" sourceRef="innerStart" targetRef="check" />
          <userTask id="check" name="Check \${item}" camunda:formKey="check-form" />
          <sequenceFlow id="i2" sourceRef="check" targetRef="innerEnd" />
          <endEvent id="innerEnd" />
        </subProcess>
        <sequenceFlow id="f2" sourceRef="each" targetRef="after" />
        <userTask id="after" name="\${verdict} \${item}" />
        <sequenceFlow id="f3" sourceRef="after" targetRef="end" />
        <endEvent id="end" />`,
        'camunda:initiator="initiator"',
      ),
    );
    const forms = new Map([['check-form', plainForm('check-form', ['verdict'])]]);
    expect(check(model, { forms })).toEqual([
      { code: notWritten, elementId: 'after', attribute: 'name', variable: 'item' },
    ]);
  });

  it("given a boundary event, when its path reads what the interrupted task's form writes, then it is flagged", async () => {
    const model = await parse(
      bpmn(`
        <sequenceFlow id="f1" sourceRef="start" targetRef="wait" />
        <userTask id="wait" camunda:formKey="answer-form" />
        <boundaryEvent id="late" attachedToRef="wait">
          <timerEventDefinition><timeDuration>P1D</timeDuration></timerEventDefinition>
        </boundaryEvent>
        <sequenceFlow id="f2" sourceRef="wait" targetRef="answered" />
        <userTask id="answered" name="\${answer}" />
        <sequenceFlow id="f3" sourceRef="answered" targetRef="end" />
        <sequenceFlow id="f4" sourceRef="late" targetRef="chase" />
        <userTask id="chase" name="Chase \${answer}" />
        <sequenceFlow id="f5" sourceRef="chase" targetRef="end" />
        <endEvent id="end" />`),
    );
    const forms = new Map([['answer-form', plainForm('answer-form', ['answer'])]]);
    expect(check(model, { forms })).toEqual([
      { code: notWritten, elementId: 'chase', attribute: 'name', variable: 'answer' },
    ]);
  });

  it('given a call activity, when its in-mappings read and its out-mappings write, then the reads are named by their target and the writes count', async () => {
    const model = await parse(
      chain(
        ['call', 'after'],
        `<callActivity id="call" calledElement="child">
           <extensionElements>
             <camunda:in source="amount" target="childAmount" />
             <camunda:in sourceExpression="\${term * 12}" target="months" />
             <camunda:out source="childResult" target="result" />
           </extensionElements>
         </callActivity>
         <userTask id="after" name="\${result}" />`,
      ),
    );
    expect(check(model)).toEqual([
      { code: notWritten, elementId: 'call', attribute: 'in:childAmount', variable: 'amount' },
      { code: notWritten, elementId: 'call', attribute: 'in:months', variable: 'term' },
    ]);
  });

  it('given reads written to cope with a missing variable, when checked, then they are not flagged', async () => {
    const model = await parse(
      bpmn(`
        <sequenceFlow id="f1" sourceRef="start" targetRef="route" />
        <exclusiveGateway id="route" default="plain" />
        <sequenceFlow id="guarded" sourceRef="route" targetRef="end">
          <conditionExpression xsi:type="tFormalExpression">\${empty note || variables:getOrDefault(limit, 5) &gt; 3 || variables:get(amount) &gt; 1}</conditionExpression>
        </sequenceFlow>
        <sequenceFlow id="plain" sourceRef="route" targetRef="end" />
        <endEvent id="end" />`),
    );
    expect(check(model)).toEqual([
      {
        code: notWritten,
        elementId: 'guarded',
        attribute: 'conditionExpression',
        variable: 'amount',
      },
    ]);
  });

  it('given a form key no form answers, when missing forms are asked for, then it is named; otherwise the task just writes nothing', async () => {
    const model = await parse(chain(['task'], '<userTask id="task" camunda:formKey="nowhere" />'));
    expect(check(model, { reportMissingForms: true })).toEqual([
      { code: formNotFound, elementId: 'task', attribute: 'formKey', variable: 'nowhere' },
    ]);
    expect(check(model)).toEqual([]);
  });

  it('given a report template, when the case can end without a variable it reads, then the end event and the template are named', async () => {
    const model = await parse(
      bpmn(
        `<sequenceFlow id="f1" sourceRef="start" targetRef="route" />
         <exclusiveGateway id="route" default="quick" />
         <sequenceFlow id="slow" sourceRef="route" targetRef="approve">
           <conditionExpression xsi:type="tFormalExpression">\${initiator == "x"}</conditionExpression>
         </sequenceFlow>
         <sequenceFlow id="quick" sourceRef="route" targetRef="quickEnd" />
         <userTask id="approve" camunda:formKey="approval" />
         <sequenceFlow id="f2" sourceRef="approve" targetRef="approvedEnd" />
         <endEvent id="quickEnd" />
         <endEvent id="approvedEnd" />`,
        'camunda:initiator="initiator"',
      ),
    );
    const letter = documentTemplateReads('Letter', [
      'Dear {customerName}, decision: {approver} on {generatedAt}',
      '{#tasks}{taskName}: {completedBy}{/tasks}',
    ]);
    expect(letter.variables).toEqual(['customerName', 'approver', 'generatedAt']);
    const forms = new Map([['approval', plainForm('approval', ['approver'])]]);
    expect(check(model, { forms, documents: [letter] })).toEqual([
      {
        code: notWritten,
        elementId: 'quickEnd',
        attribute: 'document:Letter',
        variable: 'customerName',
      },
      {
        code: notWritten,
        elementId: 'quickEnd',
        attribute: 'document:Letter',
        variable: 'approver',
      },
    ]);
  });

  it('given a sub-process whose paths end at activities no flow leaves, when a task after it reads a variable only one of them writes, then it is not written on every path', async () => {
    const model = await parse(
      bpmn(
        `<sequenceFlow id="f1" sourceRef="start" targetRef="review" />
         <subProcess id="review">
           <startEvent id="reviewStart" />
           <sequenceFlow id="f2" sourceRef="reviewStart" targetRef="route" />
           <exclusiveGateway id="route" default="quick" />
           <sequenceFlow id="slow" sourceRef="route" targetRef="approve">
             <conditionExpression xsi:type="tFormalExpression">\${1 == 2}</conditionExpression>
           </sequenceFlow>
           <sequenceFlow id="quick" sourceRef="route" targetRef="skip" />
           <userTask id="approve" camunda:formKey="approval" />
           <manualTask id="skip" />
         </subProcess>
         <sequenceFlow id="f3" sourceRef="review" targetRef="notify" />
         <userTask id="notify" camunda:assignee="\${approver}" />`,
      ),
    );
    const forms = new Map([['approval', plainForm('approval', ['approver'])]]);
    expect(check(model, { forms })).toEqual([
      {
        code: notWrittenOnEveryPath,
        elementId: 'notify',
        attribute: 'assignee',
        variable: 'approver',
      },
    ]);
  });

  it('given a report template, when the case ends at a task no flow leaves, then what that task writes counts and the task is named for what it does not', async () => {
    const model = await parse(
      bpmn(
        `<sequenceFlow id="f1" sourceRef="start" targetRef="approve" />
         <userTask id="approve" camunda:formKey="approval" />`,
      ),
    );
    const letter = documentTemplateReads('Letter', ['{approver} for {customerName}']);
    const forms = new Map([['approval', plainForm('approval', ['approver'])]]);
    expect(check(model, { forms, documents: [letter] })).toEqual([
      {
        code: notWritten,
        elementId: 'approve',
        attribute: 'document:Letter',
        variable: 'customerName',
      },
    ]);
  });
});

describe('checkProcessForms across link events', () => {
  it('given a form written before a link throw, when the task after its catch reads it, then it counts as written, and what nothing writes is still flagged', async () => {
    const model = await parse(
      bpmn(`
        <sequenceFlow id="f1" sourceRef="start" targetRef="fill" />
        <userTask id="fill" camunda:formKey="fill-form" />
        <sequenceFlow id="f2" sourceRef="fill" targetRef="toPageTwo" />
        <intermediateThrowEvent id="toPageTwo"><linkEventDefinition name="pageTwo" /></intermediateThrowEvent>
        <intermediateCatchEvent id="pageTwo"><linkEventDefinition name="pageTwo" /></intermediateCatchEvent>
        <sequenceFlow id="f3" sourceRef="pageTwo" targetRef="next" />
        <userTask id="next" name="\${amount} \${missing}" />
        <sequenceFlow id="f4" sourceRef="next" targetRef="end" />
        <endEvent id="end" />`),
    );
    expect(
      check(model, { forms: new Map([['fill-form', plainForm('fill-form', ['amount'])]]) }),
    ).toEqual([{ code: notWritten, elementId: 'next', attribute: 'name', variable: 'missing' }]);
  });
});
