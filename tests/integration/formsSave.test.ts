import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredFileAnswer } from '../../schemas/api/files';
import { FormPath, type SaveDraftAnswer, type TaskFormAnswer } from '../../schemas/api/forms';
import type { ErrorBody } from '../../schemas/api/common';
import type { Task } from '../../server/engine';
import {
  deployFixtureProcess,
  deployFormProcesses,
  makeFormTask,
  openTaskOf,
  storedTask,
  VALID_APPLICATION,
} from '../../server/forms/testing/formTestKit';
import { validateTaskSubmission } from '../../server/forms/validateTaskSubmission';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';
import type { IdentityClient } from './identityClient';
import { uploadTo } from './uploadForm';
import { minimalPdf, whitePng } from '../helpers/testFiles';

/** What the client computes for VALID_APPLICATION; the server must arrive at the same. */
const COMPUTED = {
  monthlyInstalment: 483.32,
  debtToIncome: 0.1708,
  dtiLimit: true,
  largeLoanNotice: true,
} as const;

describe('form saves and submissions', () => {
  let server: TestServer;
  let lucas: IdentityClient;
  let maria: IdentityClient;
  let amara: IdentityClient;
  let priya: IdentityClient;
  let ana: IdentityClient;

  const newApplication = async (startedBy = 'lmartin'): Promise<Task> => {
    const instance = await server.app.engine.startProcess('internal', {
      key: 'loanApplication',
      startedBy,
      variables: { applicantName: 'Ada Lovelace' },
    });
    return openTaskOf(server, instance.id);
  };

  /** A review claimed by Lucas of an application a colleague filled in (four eyes). */
  const newReview = async (): Promise<Task> => {
    const filled = await newApplication('jmorales');
    await server.app.engine.completeTask('internal', filled.id, {
      userId: 'jmorales',
      variables: VALID_APPLICATION,
    });
    const review = await openTaskOf(server, filled.instanceId);
    await server.app.engine.claimTask('internal', review.id, 'lmartin');
    return review;
  };

  const detailsOf = (body: string) =>
    (JSON.parse(body) as ErrorBody).details?.map(({ path, code }) => ({ path, code }));

  beforeAll(async () => {
    server = await startTestServer();
    for (const tenant of ['internal', 'acme']) {
      await deployFixtureProcess(server, 'loan-application.bpmn', tenant);
      await deployFormProcesses(
        server,
        ['kyc-compliance-review', 'record-deletion-request', 'not-a-stored-form', null],
        tenant,
      );
    }
    lucas = await signIn(server, EMAIL.lmartin);
    maria = await signIn(server, EMAIL.mgarcia);
    amara = await signIn(server, EMAIL.aokafor);
    priya = await signIn(server, EMAIL.pnair);
    ana = await signIn(server, EMAIL.asouza, 'acme');
  });

  afterAll(async () => {
    await server?.close();
  });

  describe('draft saves', () => {
    it('given the assignee, when saving with wrong formula values and keys the form lacks, then 200 with formulas recomputed and the extra keys dropped', async () => {
      const task = await newApplication();
      const response = await call(lucas, 'PUT', FormPath.draft(task.id), {
        values: {
          ...VALID_APPLICATION,
          monthlyInstalment: 1,
          debtToIncome: 99,
          dtiLimit: false,
          decision: 'approved',
          initiator: 'mallory',
          applicationOutcomes: 'submitApplication',
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      const saved = response.json<SaveDraftAnswer>();
      expect(saved).toEqual({
        taskId: task.id,
        formId: 'DSG-loan-application',
        values: { ...VALID_APPLICATION, ...COMPUTED },
      });
      expect((await storedTask(server, task.id)).variables).toEqual(saved.values);
      const form = await call(lucas, 'GET', FormPath.taskForm(task.id));
      expect(form.json<TaskFormAnswer>().values).toEqual(saved.values);
      const variables = await server.app.engine.getVariables('internal', task.instanceId);
      expect(variables).not.toHaveProperty('decision');
      expect(variables.initiator).toBe('lmartin');
    });

    it('given values that break the form’s rules, when saving, then 422 with a code per field and the draft is unchanged', async () => {
      const task = await newApplication();
      const first = await call(lucas, 'PUT', FormPath.draft(task.id), {
        values: { firstName: 'Ada' },
      });
      expect(first.statusCode).toBe(200);
      const before = (await storedTask(server, task.id)).variables;
      const response = await call(lucas, 'PUT', FormPath.draft(task.id), {
        values: {
          firstName: 'x'.repeat(61),
          customerId: 'CUST-1',
          loanAmount: 'lots',
          termMonths: 12.5,
          loanProduct: 'yacht',
          dateOfBirth: '2010-01-01',
          hasExistingLoans: 'yes',
          collateralTypes: ['boat'],
          email: 42,
        },
      });
      expect(response.statusCode).toBe(422);
      const body = response.json<ErrorBody>();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(detailsOf(response.body)).toEqual([
        { path: 'firstName', code: 'validation.maxLength' },
        { path: 'dateOfBirth', code: 'validation.dateMax' },
        { path: 'customerId', code: 'validation.pattern' },
        // The text plugin writes a number out as text, as the browser does: not an email.
        { path: 'email', code: 'validation.pattern' },
        { path: 'loanProduct', code: 'validation.enum' },
        { path: 'loanAmount', code: 'validation.number' },
        { path: 'termMonths', code: 'validation.integer' },
        { path: 'collateralTypes', code: 'validation.enum' },
        { path: 'hasExistingLoans', code: 'validation.type' },
      ]);
      expect(body.details?.[0]?.params).toEqual({ limit: 60, actual: 61 });
      expect((await storedTask(server, task.id)).variables).toEqual(before);
    });

    it('given empty required fields and a false blocking rule, when saving a draft, then it is kept: drafts hold unfinished work', async () => {
      const task = await newApplication();
      const response = await call(lucas, 'PUT', FormPath.draft(task.id), {
        values: {
          ...VALID_APPLICATION,
          firstName: '',
          consentCreditCheck: false,
          monthlyIncome: 1000,
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<SaveDraftAnswer>().values).toMatchObject({
        firstName: '',
        dtiLimit: false,
        debtToIncome: 0.6833,
      });
    });

    it('given someone other than the assignee, when saving, then 403 (404 from another tenant) and nothing is stored', async () => {
      const task = await newApplication();
      for (const client of [maria, amara, priya]) {
        const response = await call(client, 'PUT', FormPath.draft(task.id), {
          values: { firstName: 'Intruder' },
        });
        expect(response.statusCode).toBe(403);
      }
      const foreign = await call(ana, 'PUT', FormPath.draft(task.id), {
        values: { firstName: 'Intruder' },
      });
      expect(foreign.statusCode).toBe(404);
      expect((await storedTask(server, task.id)).variables).toEqual({});
      expect(
        (await call(lucas, 'PUT', FormPath.draft('no-such-task'), { values: {} })).statusCode,
      ).toBe(404);
    });

    it('given a completed task, when saving a draft, then 409', async () => {
      const task = await newApplication();
      await server.app.engine.completeTask('internal', task.id, {
        userId: 'lmartin',
        variables: VALID_APPLICATION,
      });
      const response = await call(lucas, 'PUT', FormPath.draft(task.id), {
        values: { firstName: 'Late' },
      });
      expect(response.statusCode).toBe(409);
    });

    it('given malformed bodies, when saving, then 400 before anything is read', async () => {
      const task = await newApplication();
      for (const body of [
        {},
        { values: [] },
        { values: 'x' },
        { values: {}, extra: 1 },
        { values: {}, formId: '' },
        { values: { '': 1 } },
      ]) {
        const response = await call(lucas, 'PUT', FormPath.draft(task.id), body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      }
      const notJson = await lucas.request({
        method: 'PUT',
        url: FormPath.draft(task.id),
        body: '{"values": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(notJson.statusCode).toBe(400);
      expect((await storedTask(server, task.id)).variables).toEqual({});
    });

    it('given read-only fields, when the client sends other values for them, then the task’s values stay', async () => {
      const task = await makeFormTask(server, {
        formKey: 'kyc-compliance-review',
        assignee: 'lmartin',
        variables: { fullName: 'Ada Lovelace', riskScore: 55 },
      });
      const response = await call(lucas, 'PUT', FormPath.draft(task.id), {
        values: { fullName: 'Mallory', riskScore: 0, sanctionsScreening: 'clear' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<SaveDraftAnswer>().values).toEqual({ sanctionsScreening: 'clear' });
      const form = await call(lucas, 'GET', FormPath.taskForm(task.id));
      expect(form.json<TaskFormAnswer>().values).toEqual({
        fullName: 'Ada Lovelace',
        riskScore: 55,
        sanctionsScreening: 'clear',
      });
    });

    it('given a task without a form, when saving, then the values are kept as sent; with a form that is not stored, 422', async () => {
      const bare = await makeFormTask(server, { formKey: null, assignee: 'lmartin' });
      const kept = await call(lucas, 'PUT', FormPath.draft(bare.id), { values: { note: 'hi' } });
      expect(kept.json<SaveDraftAnswer>()).toEqual({
        taskId: bare.id,
        formId: null,
        values: { note: 'hi' },
      });
      const missing = await makeFormTask(server, {
        formKey: 'not-a-stored-form',
        assignee: 'lmartin',
      });
      const refused = await call(lucas, 'PUT', FormPath.draft(missing.id), {
        values: { note: 'hi' },
      });
      expect(refused.statusCode).toBe(422);
      expect(detailsOf(refused.body)).toEqual([{ path: '', code: 'form.notFound' }]);
    });

    it('given an acme task, when its assignee saves, then acme’s form checks it', async () => {
      const task = await makeFormTask(server, {
        formKey: 'record-deletion-request',
        assignee: 'acme-asouza',
        tenant: 'acme',
        variables: { recordTitle: 'Customer 42', objectType: 'customers', recordId: '42' },
      });
      const refused = await call(ana, 'PUT', FormPath.draft(task.id), {
        values: { deletionReason: 'boredom', justification: 'short' },
      });
      expect(refused.statusCode).toBe(422);
      expect(detailsOf(refused.body)).toEqual([
        { path: 'deletionReason', code: 'validation.enum' },
        { path: 'justification', code: 'validation.minLength' },
      ]);
      const saved = await call(ana, 'PUT', FormPath.draft(task.id), {
        values: { deletionReason: 'duplicate' },
      });
      expect(saved.statusCode).toBe(200);
    });
  });

  describe('combined task drafts', () => {
    it('given a combined task, when its parts are saved one by one, then each part keeps its values in the one draft', async () => {
      const review = await newReview();
      const decision = await call(lucas, 'PUT', FormPath.draft(review.id), {
        formId: 'loan-review-decision',
        values: { decision: 'approved', approvedAmount: 20000, decisionNotes: 'Fine' },
      });
      expect(decision.statusCode, decision.body).toBe(200);
      expect(decision.json<SaveDraftAnswer>()).toEqual({
        taskId: review.id,
        formId: 'loan-review-decision',
        values: { decision: 'approved', approvedAmount: 20000, decisionNotes: 'Fine' },
      });
      const customer = await call(lucas, 'PUT', FormPath.draft(review.id), {
        formId: 'DSG-customer-onboarding',
        values: { fullName: 'Ada Lovelace', phone: '+34 600 000 000', politicallyExposed: true },
      });
      expect(customer.statusCode, customer.body).toBe(200);
      expect(customer.json<SaveDraftAnswer>().values).toMatchObject({ riskScore: 55 });
      const again = await call(lucas, 'PUT', FormPath.draft(review.id), {
        formId: 'loan-review-decision',
        values: { decision: 'moreInfo' },
      });
      expect(again.statusCode).toBe(200);
      const draft = (await storedTask(server, review.id)).variables;
      expect(draft).toMatchObject({
        decision: 'moreInfo',
        fullName: 'Ada Lovelace',
        // Saved as the phone field saves every number: in E.164.
        phone: '+34600000000',
      });
      expect(draft).not.toHaveProperty('approvedAmount');
    });

    it('given a combined task, when a save names no part, an unknown part, or breaks a part’s rules, then 422 naming the part', async () => {
      const review = await newReview();
      const unnamed = await call(lucas, 'PUT', FormPath.draft(review.id), {
        values: { decision: 'approved' },
      });
      expect(unnamed.statusCode).toBe(422);
      expect(detailsOf(unnamed.body)).toEqual([{ path: 'formId', code: 'validation.required' }]);
      const unknown = await call(lucas, 'PUT', FormPath.draft(review.id), {
        formId: 'DSG-someone-else',
        values: {},
      });
      expect(detailsOf(unknown.body)).toEqual([{ path: 'formId', code: 'validation.enum' }]);
      const broken = await call(lucas, 'PUT', FormPath.draft(review.id), {
        formId: 'loan-review-decision',
        values: { decision: 'maybe' },
      });
      expect(broken.statusCode).toBe(422);
      expect(broken.json<ErrorBody>().details).toEqual([
        { path: 'decision', code: 'validation.enum', params: { formId: 'loan-review-decision' } },
      ]);
      expect((await storedTask(server, review.id)).variables).toEqual({});
    });
  });

  describe('submissions (the complete check)', () => {
    it('given missing required fields, when submitting, then each is refused with validation.required', async () => {
      const task = await storedTask(server, (await newApplication()).id);
      const result = await validateTaskSubmission(
        server.database.db,
        'internal',
        task,
        {},
        {
          mode: 'submit',
        },
      );
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(
        result.errors.filter((error) => error.code === 'validation.required').map((e) => e.path),
      ).toEqual([
        'firstName',
        'lastName',
        'dateOfBirth',
        'customerId',
        'employmentStatus',
        'loanProduct',
        'loanAmount',
        'termMonths',
        'annualRate',
        'monthlyIncome',
        'consentCreditCheck',
      ]);
    });

    it('given a blocking message whose rule is false, when submitting, then the form is refused with validation.messageBlocks', async () => {
      const task = await storedTask(server, (await newApplication()).id);
      const result = await validateTaskSubmission(
        server.database.db,
        'internal',
        task,
        { ...VALID_APPLICATION, monthlyIncome: 1000, dtiLimit: true, debtToIncome: 0.1 },
        { mode: 'submit', outcome: 'submitApplication' },
      );
      expect(result).toEqual({
        ok: false,
        errors: [{ path: 'dtiLimit', code: 'validation.messageBlocks', params: {} }],
      });
    });

    it('given a valid form with wrong formula values, when submitting, then the values to complete with carry the recomputed formulas and the outcome variable', async () => {
      const task = await storedTask(server, (await newApplication()).id);
      const result = await validateTaskSubmission(
        server.database.db,
        'internal',
        task,
        { ...VALID_APPLICATION, monthlyInstalment: 1, debtToIncome: 0, unknownField: 'x' },
        { mode: 'submit', outcome: 'submitApplication' },
      );
      expect(result).toEqual({
        ok: true,
        formId: 'DSG-loan-application',
        values: {
          ...VALID_APPLICATION,
          ...COMPUTED,
          loanApplicationOutcome: 'submitApplication',
        },
      });
    });

    it('given an outcome the form lacks or one that only saves, when submitting, then the outcome is refused', async () => {
      const task = await storedTask(server, (await newApplication()).id);
      for (const outcome of ['nope', 'saveDraft']) {
        const result = await validateTaskSubmission(
          server.database.db,
          'internal',
          task,
          VALID_APPLICATION,
          {
            mode: 'submit',
            outcome,
          },
        );
        expect(result).toEqual({
          ok: false,
          errors: [
            { path: 'outcome', code: 'validation.enum', params: { allowed: 'submitApplication' } },
          ],
        });
      }
    });

    it('given a combined task with saved parts, when its decision part submits, then every saved part’s values go out with the decision and its outcome', async () => {
      const review = await newReview();
      // The photo and the signature are taken on the review task: a form names only its own
      // task's files.
      const photo = await uploadTo(lucas, review.id, 'picture', {
        name: 'idPhoto.png',
        type: 'image/png',
        content: await whitePng(320, 240),
      });
      expect(photo.statusCode, photo.body).toBe(200);
      const signature = await uploadTo(lucas, review.id, 'signature', {
        name: 'customerSignature.png',
        type: 'image/png',
        content: await whitePng(),
      });
      expect(signature.statusCode, signature.body).toBe(200);
      const proof = await uploadTo(lucas, review.id, 'spreadsheet', {
        name: 'utility-bill.pdf',
        type: 'application/pdf',
        content: minimalPdf(),
      });
      expect(proof.statusCode, proof.body).toBe(200);
      // Every part is checked on completion: the customer file holds all its required values.
      const customerFile = {
        fullName: 'Ada Lovelace',
        nationality: 'FR',
        idDocumentType: 'passport',
        idDocumentNumber: 'AB1234567',
        idPhoto: photo.json<StoredFileAnswer>().result.id,
        customerSignature: signature.json<StoredFileAnswer>().result.id,
        proofOfAddress: {
          id: proof.json<StoredFileAnswer>().result.id,
          fileName: 'utility-bill.pdf',
        },
        termsAccepted: true,
        politicallyExposed: false,
      };
      const saved = await call(lucas, 'PUT', FormPath.draft(review.id), {
        formId: 'DSG-customer-onboarding',
        values: customerFile,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const task = await storedTask(server, review.id);
      const missing = await validateTaskSubmission(
        server.database.db,
        'internal',
        task,
        {},
        {
          mode: 'submit',
          outcome: 'Complete review',
        },
      );
      expect(missing).toEqual({
        ok: false,
        errors: [
          {
            path: 'decision',
            code: 'validation.required',
            params: { formId: 'loan-review-decision' },
          },
        ],
      });
      const result = await validateTaskSubmission(
        server.database.db,
        'internal',
        task,
        { decision: 'approved', approvedAmount: 24000 },
        { mode: 'submit', outcome: 'Complete review' },
      );
      expect(result).toEqual({
        ok: true,
        formId: 'loan-review-decision',
        values: {
          ...customerFile,
          riskScore: 15,
          riskInfo: true,
          decision: 'approved',
          approvedAmount: 24000,
          reviewOutcome: 'Complete review',
        },
      });
    });
  });
});
