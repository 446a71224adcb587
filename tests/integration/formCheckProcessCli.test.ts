import { CHILD_TIMEOUT_MS, runForm, type Run } from '../helpers/formCommand';
import { describe, expect, it } from 'vitest';

const INVALID = 'fixtures/processes/invalid';

/** Runs `form check-process ...` as `npm run form` does and answers its exit code and output. */
function checkProcess(...args: string[]): Promise<Run> {
  return runForm(['check-process', ...args]);
}

describe('form check-process on the command line', { timeout: CHILD_TIMEOUT_MS + 30_000 }, () => {
  it('given a process reading variables its forms do not write, when checked with its forms folder, then each read is printed with its code and place and it exits 0', async () => {
    const run = await checkProcess(
      `${INVALID}/unwritten-variables.bpmn`,
      '--forms',
      `${INVALID}/unwritten-variables-forms`,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout) as { process: string; warnings: unknown[] };
    expect(printed).toEqual({
      process: 'unwrittenVariables',
      warnings: [
        expect.objectContaining({
          code: 'processVariable.notWrittenOnEveryPath',
          elementId: 'checkFailed',
          attribute: 'conditionExpression',
          variable: 'checkResult',
        }),
        expect.objectContaining({
          code: 'processVariable.notWritten',
          elementId: 'review',
          attribute: 'name',
          variable: 'customerName',
        }),
      ],
    });
  });

  it('given a process deploy would refuse, when checked, then the refusals are printed by element and it exits 1', async () => {
    const run = await checkProcess(`${INVALID}/with-script-task.bpmn`);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stderr)).toEqual({
      errors: [expect.objectContaining({ elementId: 'computeScore' })],
    });
  });

  it('given a missing file or a bad option, when checked, then it says so in one line without a trace', async () => {
    const missing = await checkProcess(`${INVALID}/missing.bpmn`);
    expect(missing).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `${INVALID}/missing.bpmn: cannot read the file: no such file\n`,
    });
    const usage = await checkProcess(`${INVALID}/unwritten-variables.bpmn`, '--form');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: form compile FILE.json');
  });
});
