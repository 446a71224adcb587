import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { FileKind, StoredFile, StoredFileAnswer } from '../../schemas/api/files';
import { FormPath } from '../../schemas/api/forms';
import { ReportPath, type ReportDetailAnswer } from '../../schemas/api/reports';
import { TaskPath } from '../../schemas/api/tasksConstants';
import type { Task } from '../../server/engine';
import {
  deployFixtureProcess,
  deployFormProcesses,
  makeFormTask,
  openTaskOf,
  storedTask,
  VALID_APPLICATION,
} from '../../server/forms/testing/formTestKit';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import { minimalPdf, whitePng } from '../helpers/testFiles';
import type { IdentityClient } from './identityClient';
import { uploadTo, type TestFile } from './uploadForm';

const ONBOARDING = 'DSG-customer-onboarding';
const VALUATION = 'collateral-valuation';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Every required field of the onboarding form but its three files. */
const CUSTOMER_FILE = {
  fullName: 'Ada Lovelace',
  dateOfBirth: '1985-12-10',
  nationality: 'FR',
  idDocumentType: 'passport',
  idDocumentNumber: 'AB1234567',
  email: 'ada@example.com',
  termsAccepted: true,
} as const;

/** The payslips an applicant really handed in: 24 months, more than a preview shows. */
const PAYSLIP_ROWS = [
  ['Month', 'Monthly income', 'Employer'],
  ...Array.from({ length: 24 }, (_, index) => [
    `2025-${String((index % 12) + 1).padStart(2, '0')}`,
    1800 + index,
    'Acme Logistics',
  ]),
];

/** What an officer would like the approver to read instead. */
const FORGED = {
  fileName: 'bank-verified-income.xlsx',
  rows: [
    ['Monthly income', '999999'],
    ['Employer', 'Fake Corp'],
  ],
  rowCount: 2,
};

/** An xlsx workbook of one sheet, written by SheetJS as Excel would. */
function workbook(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Payslips');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

describe('values read from an uploaded file', () => {
  let server: TestServer;
  let lucas: IdentityClient;
  let claire: IdentityClient;

  const upload = async (task: Task, kind: FileKind, file: TestFile) => {
    const response = await uploadTo(lucas, task.id, kind, file);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StoredFileAnswer>().result;
  };

  const payslips = (task: Task) =>
    upload(task, 'spreadsheet', {
      name: 'payslips.xlsx',
      type: XLSX_TYPE,
      content: workbook(PAYSLIP_ROWS),
    });

  /** The onboarding form's values, its photo and signature the task's own. */
  const onboardingValues = async (task: Task, proofOfAddress: unknown) => ({
    ...CUSTOMER_FILE,
    idPhoto: (await upload(task, 'picture', await pngFile('idPhoto.png', 320, 240))).id,
    customerSignature: (await upload(task, 'signature', await pngFile('signature.png', 60, 30))).id,
    proofOfAddress,
  });

  /** What the field must hold for the stored spreadsheet: the server's reading of it. */
  const ownValueOf = (file: StoredFile) => ({
    id: file.id,
    fileName: 'payslips.xlsx',
    rows: file.spreadsheet?.rows,
    rowCount: PAYSLIP_ROWS.length,
  });

  const pngFile = async (name: string, width: number, height: number): Promise<TestFile> => ({
    name,
    type: 'image/png',
    content: await whitePng(width, height),
  });

  beforeAll(async () => {
    server = await startTestServer();
    await deployFormProcesses(server, [ONBOARDING, VALUATION, null]);
    await deployFixtureProcess(server, 'loan-application.bpmn');
    lucas = await signIn(server, EMAIL.lmartin);
    claire = await signIn(server, EMAIL.cdubois);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('given a real xlsx, when the task is completed with made-up rows, row count and name, then the process holds the file’s own', async () => {
    // Given an onboarding task with the applicant's payslips uploaded to it.
    const task = await makeFormTask(server, { formKey: ONBOARDING, assignee: 'lmartin' });
    const file = await payslips(task);
    expect(file.spreadsheet?.rows).toHaveLength(20);

    // When the officer completes it, the field's value rewritten.
    const done = await call(lucas, 'POST', TaskPath.complete(task.id), {
      values: await onboardingValues(task, { id: file.id, ...FORGED }),
    });

    // Then the process variables hold the file's name, first rows and row count.
    expect(done.statusCode, done.body).toBe(200);
    const instance = await server.app.engine.getInstance('internal', task.instanceId);
    expect(instance.variables.proofOfAddress).toEqual(ownValueOf(file));
    expect(JSON.stringify(instance.variables)).not.toContain('Fake Corp');
    expect(instance.variables.proofOfAddress).toMatchObject({
      rows: expect.arrayContaining([['Month', 'Monthly income', 'Employer']]),
    });
  });

  it('given a real xlsx, when a draft names it with made-up rows, then the draft and its answer hold the file’s own', async () => {
    const task = await makeFormTask(server, { formKey: ONBOARDING, assignee: 'lmartin' });
    const file = await payslips(task);

    const saved = await call(lucas, 'PUT', FormPath.draft(task.id), {
      values: { proofOfAddress: { id: file.id, ...FORGED } },
    });

    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ values: Record<string, unknown> }>().values.proofOfAddress).toEqual(
      ownValueOf(file),
    );
    expect((await storedTask(server, task.id)).variables.proofOfAddress).toEqual(ownValueOf(file));
  });

  it('given a PDF in a spreadsheet field, when it is saved with made-up rows and name, then only its stored name is kept', async () => {
    const task = await makeFormTask(server, { formKey: ONBOARDING, assignee: 'lmartin' });
    const file = await upload(task, 'spreadsheet', {
      name: 'utility-bill.pdf',
      type: 'application/pdf',
      content: minimalPdf(),
    });

    const saved = await call(lucas, 'PUT', FormPath.draft(task.id), {
      values: { proofOfAddress: { id: file.id, ...FORGED } },
    });

    expect(saved.statusCode, saved.body).toBe(200);
    expect((await storedTask(server, task.id)).variables.proofOfAddress).toEqual({
      id: file.id,
      fileName: 'utility-bill.pdf',
    });
  });

  it('given a picture uploaded to an upload field, when it is saved under a made-up name, then the stored name is kept', async () => {
    const task = await makeFormTask(server, { formKey: VALUATION, assignee: 'lmartin' });
    const file = await upload(task, 'document', await pngFile('valuation-scan.png', 320, 240));

    const saved = await call(lucas, 'PUT', FormPath.draft(task.id), {
      values: {
        valuationReport: { ...FORGED, id: file.id, fileName: 'notarised-valuation.pdf' },
      },
    });

    expect(saved.statusCode, saved.body).toBe(200);
    expect((await storedTask(server, task.id)).variables.valuationReport).toEqual({
      id: file.id,
      fileName: 'valuation-scan.png',
    });
  });

  it('given a task without a form, when it is completed with a made-up copy of its spreadsheet, then the process holds the file’s own', async () => {
    const task = await makeFormTask(server, { formKey: null, assignee: 'lmartin' });
    const file = await payslips(task);

    const done = await call(lucas, 'POST', TaskPath.complete(task.id), {
      values: { payslips: { id: file.id, ...FORGED }, note: 'checked' },
    });

    expect(done.statusCode, done.body).toBe(200);
    const instance = await server.app.engine.getInstance('internal', task.instanceId);
    expect(instance.variables).toMatchObject({ payslips: ownValueOf(file), note: 'checked' });
  });

  it('given a combined review whose saved part names a real xlsx with made-up rows, when the review completes, then the process and its report hold the file’s own', async () => {
    // Given a loan review claimed by the officer, the application filled in by a colleague.
    const started = await server.app.engine.startProcess('internal', {
      key: 'loanApplication',
      startedBy: 'jmorales',
      variables: { applicantName: 'Ada Lovelace' },
    });
    const application = await openTaskOf(server, started.id);
    await server.app.engine.completeTask('internal', application.id, {
      userId: 'jmorales',
      variables: VALID_APPLICATION,
    });
    const review = await openTaskOf(server, started.id);
    await server.app.engine.claimTask('internal', review.id, 'lmartin');
    const file = await payslips(review);
    // ...its customer part saved through the form, then its draft rewritten behind the
    // server's back, as a draft written before the server rebuilt file values could be.
    const values = await onboardingValues(review, { id: file.id, ...FORGED });
    const saved = await call(lucas, 'PUT', FormPath.draft(review.id), {
      formId: ONBOARDING,
      values,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await server.database.db
      .updateTable('tasks')
      .set({ variables: JSON.stringify(values) })
      .where('id', '=', review.id)
      .execute();

    // When the decision part completes the review.
    const done = await call(lucas, 'POST', TaskPath.complete(review.id), {
      outcome: 'Complete review',
      formId: 'loan-review-decision',
      values: { decision: 'approved', approvedAmount: 20000 },
    });

    // Then the process, and the completed loan application's report, hold the file's own.
    expect(done.statusCode, done.body).toBe(200);
    const instance = await server.app.engine.getInstance('internal', review.instanceId);
    expect(instance.variables.proofOfAddress).toEqual(ownValueOf(file));
    const report = await call(claire, 'GET', ReportPath.detail('loanApplication', started.id));
    expect(report.statusCode, report.body).toBe(200);
    const shown = report
      .json<ReportDetailAnswer>()
      .result.tasks.flatMap((task) => task.forms)
      .filter((form) => Object.hasOwn(form.values, 'proofOfAddress'))
      .map((form) => form.values.proofOfAddress);
    expect(shown).toEqual([ownValueOf(file)]);
    expect(report.body).not.toContain('Fake Corp');
  });
});
