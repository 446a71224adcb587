import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHILD_TIMEOUT_MS, runForm, type Run } from '../helpers/formCommand';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Runs `form survey ...` as `npm run form` does and answers its exit code and output. */
function survey(...args: string[]): Promise<Run> {
  return runForm(['survey', ...args]);
}

/** start -> middle -> end in a definitions document with the Camunda namespace. */
function definitions(id: string, middle: string, middleId: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="defs" targetNamespace="tests">
  <process id="${id}" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="f1" sourceRef="start" targetRef="${middleId}" />
    ${middle}
    <sequenceFlow id="f2" sourceRef="${middleId}" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;
}

/** A plain form of one field of the given type. */
function form(key: string, type: string): string {
  return JSON.stringify({ key, name: key, fields: [{ id: 'amount', name: 'Amount', type }] });
}

/** What `--json` prints, as far as these tests read it. */
interface PrintedSection {
  readonly read: number;
  readonly clean: number;
  readonly withWarnings: number;
  readonly refused: number;
  readonly crashed: number;
  readonly notJson: number;
  readonly notAForm: number;
  readonly warningKinds: readonly { reason: string; files: number }[];
  readonly firstReasons: readonly { reason: string; files: number }[];
  readonly everyReason: readonly { reason: string; files: number }[];
  readonly files: readonly { file: string; outcome: string }[];
}

/** Fields of types no plugin knows: each form draws a warning kind of its own. */
const UNKNOWN_TYPES = Array.from({ length: 26 }, (_, index) => `custom_${index + 1}`);

describe('form survey on the command line', { timeout: CHILD_TIMEOUT_MS + 30_000 }, () => {
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'form-survey-'));
    const nested = join(folder, 'app', 'bpmn-models');
    await mkdir(nested, { recursive: true });
    await mkdir(join(folder, 'forms'));
    await writeFile(
      join(folder, 'review.bpmn'),
      definitions('review', '<userTask id="check" name="Check" />', 'check'),
    );
    await writeFile(
      join(nested, 'asyncReview.bpmn20.xml'),
      definitions('asyncReview', '<userTask id="look" camunda:asyncBefore="true" />', 'look'),
    );
    // Two files refused for one reason at elements of different ids: one group of two.
    for (const [name, id] of [
      ['scriptOne.bpmn', 'runIt'],
      ['scriptTwo.bpmn', 'runThat'],
    ] as const) {
      await writeFile(
        join(folder, name),
        definitions(name.split('.')[0] ?? '', `<scriptTask id="${id}" scriptFormat="js" />`, id),
      );
    }
    await writeFile(join(folder, 'forms', 'loan.json'), form('loan', 'integer'));
    await writeFile(
      join(folder, 'forms', 'noFields.form'),
      JSON.stringify({ key: 'empty', name: 'Empty', editorJson: { outcomes: [] } }),
    );
    // App descriptors as Alfresco Process Services and Flowable export them beside forms.
    await writeFile(
      join(folder, 'app', 'Loan App.json'),
      JSON.stringify({ name: 'Loan App', definition: { models: [] } }),
    );
    await writeFile(
      join(folder, 'app', 'loanApp.json'),
      JSON.stringify({ key: 'loanApp', name: 'Loan App', editorJson: { models: [] } }),
    );
    await writeFile(join(folder, 'forms', 'approve.form'), '<h1>Approve ${amount}</h1>');
    for (const type of UNKNOWN_TYPES) {
      await writeFile(join(folder, 'forms', `${type}.json`), form(type, type));
    }
    await writeFile(join(folder, 'notes.txt'), 'neither BPMN nor a form');
  });

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('given a folder of processes and forms, when surveyed as JSON, then every file is counted by outcome and refusals group across ids', async () => {
    const run = await survey(folder, '--json');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout) as { bpmn: PrintedSection; forms: PrintedSection };
    expect(printed.bpmn).toMatchObject({
      read: 4,
      clean: 1,
      withWarnings: 1,
      refused: 2,
      crashed: 0,
    });
    expect(printed.bpmn.files.map((entry) => entry.file)).toContain(
      join('app', 'bpmn-models', 'asyncReview.bpmn20.xml'),
    );
    expect(printed.bpmn.warningKinds).toEqual([
      expect.objectContaining({ files: 1, reason: expect.stringContaining('camunda:asyncBefore') }),
    ]);
    const scriptRefusal = {
      files: 2,
      reason: "bpmn:ScriptTask '…': this element type is not supported by the engine",
    };
    expect(printed.bpmn.firstReasons).toEqual([expect.objectContaining(scriptRefusal)]);
    expect(printed.bpmn.everyReason).toEqual([expect.objectContaining(scriptRefusal)]);
    expect(printed.forms).toMatchObject({
      read: 31,
      notJson: 1,
      notAForm: 2,
      clean: 1,
      withWarnings: 26,
      refused: 1,
      crashed: 0,
    });
    expect(printed.forms.warningKinds).toHaveLength(26);
    expect(printed.forms.firstReasons).toEqual([
      expect.objectContaining({
        files: 1,
        reason: 'schema.required at /editorJson (missingProperty fields)',
      }),
    ]);
  });

  it('given more than 25 kinds of warning, when surveyed as text, then the 25 largest groups are printed and the rest counted', async () => {
    const run = await survey(folder);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('BPMN files: 4 read');
    expect(run.stdout).toMatch(/refused: +2\n/);
    expect(run.stdout).toContain('Form files: 31 read');
    expect(run.stdout).toMatch(/JSON but not a form: +2\n/);
    expect(run.stdout.match(/field\.unknownType \(type custom_\d+\)/g)).toHaveLength(25);
    expect(run.stdout).toContain('... 1 more (--all prints every one)');
  });

  it('given --all, when surveyed, then every group is printed', async () => {
    const run = await survey(folder, '--all');
    expect(run.code).toBe(0);
    expect(run.stdout.match(/field\.unknownType \(type custom_\d+\)/g)).toHaveLength(26);
    expect(run.stdout).not.toContain('more (--all prints every one)');
  });

  it('given a folder that does not exist, when surveyed, then it says so in one line and exits 1', async () => {
    const missing = join(folder, 'missing');
    const run = await survey(missing);
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toBe(`${missing}: cannot read the folder: no such file\n`);
  });

  it('given no folder or an unknown flag, when surveyed, then the usage is printed and it exits 2', async () => {
    const [bare, flagged] = await Promise.all([survey(), survey(folder, '--top')]);
    for (const run of [bare, flagged]) {
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('form survey FOLDER [--all] [--json]');
    }
  });
});
