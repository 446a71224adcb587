import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { IdentityPath } from '../../schemas/api/identity';
import { FilePath, FileRefusal, type StoredFileAnswer } from '../../schemas/api/files';
import { loadConfig } from '../../server/config';
import { parseSpreadsheet } from '../../server/files/parseSpreadsheet';
import { call } from '../../server/workflow/testing/taskTestKit';
import type { TestServer } from '../../server/testing/startTestServer';
import { countTaskFiles, lucasTaskNamed, startFileStoreServer } from '../helpers/fileStoreServer';
import type { IdentityClient } from './identityClient';
import { uploadTo } from './uploadForm';
import { deflatedEntry, writeZip, zeroEntry, type ZipEntry } from './zipWriter';

/** An xlsx workbook of one sheet, written by SheetJS as Excel would. */
function workbook(rows: unknown[][], sheetName = 'Income'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), sheetName);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** A workbook's entries, deflated again for a zip the test writes itself. */
const entriesOf = (xlsx: Buffer): ZipEntry[] =>
  Object.entries(unzipSync(xlsx)).map(([name, data]) => deflatedEntry(name, data));

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A one-page PDF as a scanner writes its header; the store checks the magic bytes only. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('spreadsheets read on the server', () => {
  let server: TestServer;
  let lucas: IdentityClient;

  beforeAll(async () => {
    ({ server, lucas } = await startFileStoreServer());
  });

  afterAll(async () => {
    await server.close();
  });

  const lucasTask = () => lucasTaskNamed(server, 'Proof of income');

  const filesOfTask = (taskId: string) => countTaskFiles(server, taskId);

  it('given a small xlsx, when uploaded to an uploadExcel field, then the answer carries its id, name, first rows and row count, and the file downloads unchanged', async () => {
    const task = await lucasTask();
    const rows = [
      ['Month', 'Net income', 'Employer'],
      ['2026-01', 3120.5, 'Acme Logistics'],
      ['2026-02', 3120.5, null],
      ...Array.from({ length: 40 }, (_, index) => [`Row ${index + 3}`, index, 'x']),
    ];
    const content = workbook(rows);
    const upload = await uploadTo(lucas, task.id, 'spreadsheet', {
      name: 'payslips.xlsx',
      type: XLSX_TYPE,
      content,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const stored = upload.json<StoredFileAnswer>().result;
    expect(stored).toMatchObject({ name: 'payslips.xlsx', mediaType: XLSX_TYPE });
    expect(stored.spreadsheet).toMatchObject({
      sheetName: 'Income',
      rowCount: 43,
      columnCount: 3,
    });
    expect(stored.spreadsheet?.rows.slice(0, 3)).toEqual([
      ['Month', 'Net income', 'Employer'],
      ['2026-01', '3120.5', 'Acme Logistics'],
      ['2026-02', '3120.5', null],
    ]);
    expect(stored.spreadsheet?.rows).toHaveLength(20);
    const download = await call(lucas, 'GET', FilePath.file(stored.id));
    expect(download.rawPayload.equals(content)).toBe(true);
  });

  it('given a PDF, when uploaded to an uploadExcel field, then it is stored without rows', async () => {
    const task = await lucasTask();
    const upload = await uploadTo(lucas, task.id, 'spreadsheet', {
      name: 'proof-of-address.pdf',
      type: 'application/pdf',
      content: PDF,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json<StoredFileAnswer>().result).toMatchObject({
      mediaType: 'application/pdf',
      spreadsheet: null,
    });
  });

  it('given a zip bomb named .xlsx (a few hundred KiB that unpack to 700 MiB), when uploaded, then it is refused from its zip directory while the server keeps answering, and nothing is stored', async () => {
    const task = await lucasTask();
    const bomb = writeZip([
      ...entriesOf(workbook([['a', 1]])),
      zeroEntry('xl/media/image1.bin', 700),
    ]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = Date.now();
    const upload = uploadTo(lucas, task.id, 'spreadsheet', {
      name: 'statement.xlsx',
      type: XLSX_TYPE,
      content: bomb,
    });
    // Other users' calls are answered meanwhile.
    const others = await Promise.all(
      Array.from({ length: 5 }, () => call(lucas, 'GET', IdentityPath.systemSettings)),
    );
    expect(others.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const refused = await upload;
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      details: [{ path: 'file', code: FileRefusal.spreadsheetTooLarge }],
    });
    // The directory is read before anything is unpacked: far within the 2 s of a parse.
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(await filesOfTask(task.id)).toBe(0);
  });

  it('given a zip bomb whose directory lies about its sizes, when uploaded, then it is refused for what it really unpacks (or at the worker’s time limit) and the server keeps answering', async () => {
    const task = await lucasTask();
    const padding = zeroEntry('xl/media/image1.bin', 700);
    const liar = writeZip([...entriesOf(workbook([['a', 1]])), { ...padding, declaredSize: 10 }]);
    const upload = uploadTo(lucas, task.id, 'spreadsheet', {
      name: 'statement.xlsx',
      type: XLSX_TYPE,
      content: liar,
    });
    const other = await call(lucas, 'GET', IdentityPath.systemSettings);
    expect(other.statusCode).toBe(200);
    const refused = await upload;
    expect([413, 422]).toContain(refused.statusCode);
    expect([FileRefusal.spreadsheetTooSlow, FileRefusal.spreadsheetTooLarge]).toContain(
      (refused.json() as { details: Array<{ code: string }> }).details[0]?.code,
    );
    expect(await filesOfTask(task.id)).toBe(0);
  });

  it('given a crafted xlsx whose names, strings and properties try prototype pollution, when uploaded, then the rows come back as plain text and no prototype is touched', async () => {
    const task = await lucasTask();
    const book = XLSX.utils.book_new();
    const sheet = XLSX.utils.aoa_to_sheet([
      ['__proto__', 'constructor', 'prototype'],
      ['polluted', '{"__proto__":{"polluted":"yes"}}', 'toString'],
    ]);
    XLSX.utils.book_append_sheet(book, sheet, '__proto__');
    book.Props = { Title: '__proto__', Subject: 'constructor' };
    // Parsed from text, `__proto__` is an own key of the properties (a literal would set the
    // object's prototype instead, and the key would never reach the file).
    book.Custprops = JSON.parse('{"__proto__":"yes","polluted":"yes","constructor":"yes"}');
    book.Workbook = { Names: [{ Name: '__proto__', Ref: "'__proto__'!$A$1" }] };
    const crafted = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();

    const upload = await uploadTo(lucas, task.id, 'spreadsheet', {
      name: 'crafted.xlsx',
      type: XLSX_TYPE,
      content: crafted,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    // The server reads the file in a worker, whose prototypes this process cannot see (the
    // worker checks its own and refuses a file that changed them). The same library with the
    // worker's options reads it here as well, where a polluted prototype would show.
    const readHere = XLSX.read(crafted, {
      type: 'buffer',
      dense: true,
      sheets: 0,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
    });
    expect(readHere.SheetNames).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    const summary = upload.json<StoredFileAnswer>().result.spreadsheet;
    expect(summary?.sheetName).toBe('__proto__');
    expect(summary?.rows).toEqual([
      ['__proto__', 'constructor', 'prototype'],
      ['polluted', '{"__proto__":{"polluted":"yes"}}', 'toString'],
    ]);
  });

  it('given a spreadsheet over the row limit or a zip that is not a workbook, when read, then it is refused with its reason', async () => {
    const limits = loadConfig({}).files.spreadsheet;
    const tall = await parseSpreadsheet(
      workbook(Array.from({ length: 30 }, (_, index) => [index])),
      { ...limits, maxRows: 25 },
    );
    expect(tall).toMatchObject({ ok: false, code: FileRefusal.spreadsheetTooManyCells });
    const wide = await parseSpreadsheet(workbook([Array.from({ length: 60 }, () => 'x')]), {
      ...limits,
      maxCells: 50,
    });
    expect(wide).toMatchObject({ ok: false, code: FileRefusal.spreadsheetTooManyCells });
    const task = await lucasTask();
    const notAWorkbook = writeZip([
      deflatedEntry(
        '[Content_Types].xml',
        Buffer.from('<Types><Default Extension="xml"/></Types>'),
      ),
      deflatedEntry('xl/workbook.xml', Buffer.from('<workbook><broken')),
    ]);
    const upload = await uploadTo(lucas, task.id, 'spreadsheet', {
      name: 'broken.xlsx',
      type: XLSX_TYPE,
      content: notAWorkbook,
    });
    expect([415]).toContain(upload.statusCode);
    expect(await filesOfTask(task.id)).toBe(0);
  });

  it('given a large sheet and a time limit it cannot meet, when read, then the worker is ended at the limit and the refusal says so', async () => {
    const limits = loadConfig({}).files.spreadsheet;
    const large = workbook(
      Array.from({ length: 4_000 }, (_, row) => Array.from({ length: 20 }, (_, col) => row * col)),
    );
    const outcome = await parseSpreadsheet(large, { ...limits, timeMs: 100 });
    expect(outcome).toEqual({
      ok: false,
      code: FileRefusal.spreadsheetTooSlow,
      params: { limitMs: 100 },
    });
    // The same sheet is read when time allows: the ordinary limits, with a time limit that
    // a busy two-core machine (starting the worker, parsing 80,000 cells) cannot miss.
    const read = await parseSpreadsheet(large, { ...limits, timeMs: 60_000 });
    expect(read).toMatchObject({ ok: true, summary: { rowCount: 4_000, columnCount: 20 } });
  });
});
