import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHILD_TIMEOUT_MS, runForm, type Run } from '../helpers/formCommand';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Runs `form compile FILE` as `npm run form` does and answers its exit code and output. */
function compile(file: string): Promise<Run> {
  return runForm(['compile', file]);
}

/** No line of a stack trace (`    at fn (file:1:2)`) in what the author sees. */
const stackLine = /^\s+at\s/m;

describe('form compile on the command line', { timeout: CHILD_TIMEOUT_MS + 30_000 }, () => {
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'form-cli-'));
    await writeFile(join(folder, 'broken.json'), '{"key": "loan", "fields": [');
    await writeFile(join(folder, 'not-a-form.json'), '[1, 2]');
    await writeFile(
      join(folder, 'valid.json'),
      JSON.stringify({ key: 'loan', fields: [{ id: 'amount', name: 'Amount', type: 'integer' }] }),
    );
    await mkdir(join(folder, 'folder.json'));
    await writeFile(join(folder, 'locked.json'), '{}');
    await chmod(join(folder, 'locked.json'), 0o000);
  });

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('given a missing file, when compiled, then it says so in one line and exits 1', async () => {
    const file = join(folder, 'missing.json');
    const run = await compile(file);
    expect(run).toMatchObject({ code: 1, stdout: '' });
    expect(run.stderr).toBe(`${file}: cannot read the file: no such file\n`);
  });

  it('given a folder, when compiled, then it says it is not a file and exits 1', async () => {
    const file = join(folder, 'folder.json');
    const run = await compile(file);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`${file}: cannot read the file: is a folder, not a file\n`);
  });

  it('given broken JSON, when compiled, then the parse problem is printed without a stack trace and it exits 1', async () => {
    const run = await compile(join(folder, 'broken.json'));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('broken.json: not valid JSON: ');
    expect(run.stderr).not.toMatch(stackLine);
  });

  it('given a file the user may not read, when compiled, then it exits 1 without a stack trace', async () => {
    const run = await compile(join(folder, 'locked.json'));
    // A superuser reads any file: then the empty object is refused as a form instead.
    expect(run.code).toBe(1);
    expect(run.stderr).not.toMatch(stackLine);
    if (process.getuid?.() !== 0) {
      expect(run.stderr).toContain('locked.json: cannot read the file: permission denied');
    }
  });

  it('given JSON that is not a form, when compiled, then the problems are listed by code and it exits 1', async () => {
    const run = await compile(join(folder, 'not-a-form.json'));
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stderr)).toEqual({
      errors: [expect.objectContaining({ code: 'schema.type', path: '' })],
    });
  });

  it('given a valid form, when compiled, then the normalised form is printed and it exits 0', async () => {
    const run = await compile(join(folder, 'valid.json'));
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout) as {
      form: { sections: unknown[] };
      warnings: unknown[];
    };
    expect(printed.form.sections.length).toBeGreaterThan(0);
    expect(run.stderr).toBe('');
  });
});
