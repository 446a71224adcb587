import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../schemas/api/common';
import { TemplateRefusal } from '../../schemas/api/documentsConstants';
import type { ListRecord, ObjectDefinition } from '../../schemas/api/records';
import { buildDocx, docxText } from '../documents/buildDocx';
import { toTemplateValues } from '../documents/templateValues';
import { runInWorker, WorkerLimitError } from './runInWorker';

const ROOMY = { timeMs: 30_000, heapMb: 256 };

describe('runInWorker', () => {
  it('given a job, when it runs on its thread, then its value comes back', async () => {
    const content = buildDocx([{ text: 'Dear {name}' }]);
    const filled = await runInWorker(
      {
        job: 'fillTemplate',
        input: { content, documentType: 'document', values: toTemplateValues({ name: 'Ana' }) },
      },
      ROOMY,
    );
    expect(docxText(Buffer.from(filled))).toEqual(['Dear Ana']);
  });

  it('given a job that refuses its input, then the refusal comes back as the same AppError', async () => {
    const content = buildDocx([{ text: '{#tasks} never closed' }]);
    await expect(runInWorker({ job: 'checkTemplate', input: { content } }, ROOMY)).rejects.toThrow(
      expect.objectContaining({
        name: 'AppError',
        statusCode: 422,
        code: ErrorCode.templateInvalid,
        details: [{ path: '/file', code: TemplateRefusal.brokenTemplate }],
      }),
    );
  });

  it('given a job longer than its time limit, then the thread is ended and the limit is named', async () => {
    const content = buildDocx(
      ['{#items}', '{#items}', '{#items}', '{n}', '{/items}', '{/items}', '{/items}'].map(
        (text) => ({ text }),
      ),
    );
    const values = toTemplateValues({ items: Array.from({ length: 60 }, (_, n) => ({ n })) });
    const started = Date.now();
    const error = await runInWorker(
      { job: 'fillTemplate', input: { content, documentType: 'document', values } },
      { timeMs: 300, heapMb: 256 },
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WorkerLimitError);
    expect(error).toMatchObject({ limit: 'time' });
    // Ended at the limit, not after the seconds the whole fill takes (thread start aside).
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('given a job that needs more heap than its limit, then the thread dies alone and the limit is named', async () => {
    const definition: ObjectDefinition = {
      key: 'things',
      version: 1,
      label: { en: 'Things' },
      owner: 'back-office',
      colour: '#2d72d2',
      fields: [{ key: 'text', label: { en: 'Text' }, type: 'string' }],
    } as unknown as ObjectDefinition;
    const records: ListRecord[] = Array.from({ length: 40_000 }, (_, index) => ({
      id: `T-${index}`,
      created: '2026-01-01T00:00:00.000Z',
      updated: '2026-01-01T00:00:00.000Z',
      data: { text: `${index} `.repeat(40) },
    }));
    const error = await runInWorker(
      { job: 'exportRecords', input: { definition, locale: 'en' }, items: records },
      { timeMs: 60_000, heapMb: 24 },
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WorkerLimitError);
    expect(error).toMatchObject({ limit: 'memory' });
  });

  it('given a heap too small for a thread to start in, then the job is refused as out of memory and no thread is started', async () => {
    // On Node 22 a thread given 1 MiB aborts the whole process while it starts; this test
    // process living on to the assertion is part of the proof.
    const error = await runInWorker(
      {
        job: 'fillTemplate',
        input: {
          content: buildDocx([{ text: 'Dear {name}' }]),
          documentType: 'document',
          values: toTemplateValues({ name: 'Ana' }),
        },
      },
      { timeMs: 15_000, heapMb: 1 },
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WorkerLimitError);
    expect(error).toMatchObject({ limit: 'memory' });
  });
});
