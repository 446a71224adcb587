import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FormPath,
  type CombinedTaskAnswer,
  type FormDefinitionAnswer,
  type FormListAnswer,
  type TaskFormAnswer,
} from '../../schemas/api/forms';
import type { Task } from '../../server/engine';
import {
  FORM_FIXTURES_DIR,
  seedFormDefinitions,
  storeFormDefinition,
} from '../../server/forms/seedFormDefinitions';
import {
  deployFixtureProcess,
  deployFormProcesses,
  makeFormTask,
  openTaskOf,
  VALID_APPLICATION,
} from '../../server/forms/testing/formTestKit';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';
import { identityClient, type IdentityClient } from './identityClient';

describe('form definitions and task forms', () => {
  let server: TestServer;
  let lucas: IdentityClient;
  let maria: IdentityClient;
  let priya: IdentityClient;
  let elena: IdentityClient;
  let ana: IdentityClient;
  let application: Task;
  let review: Task;
  let valuation: Task;

  beforeAll(async () => {
    server = await startTestServer();
    const { engine } = server.app;
    for (const tenant of ['internal', 'acme']) {
      await deployFixtureProcess(server, 'loan-application.bpmn', tenant);
      await deployFormProcesses(
        server,
        ['collateral-valuation', 'not-a-stored-form', null],
        tenant,
      );
    }
    lucas = await signIn(server, EMAIL.lmartin);
    maria = await signIn(server, EMAIL.mgarcia);
    priya = await signIn(server, EMAIL.pnair);
    elena = await signIn(server, EMAIL.evidal);
    ana = await signIn(server, EMAIL.asouza, 'acme');
    // An application Lucas is filling in, with a draft saved.
    const started = await engine.startProcess('internal', {
      key: 'loanApplication',
      startedBy: 'lmartin',
      variables: { applicantName: 'Ada Lovelace' },
    });
    application = await openTaskOf(server, started.id);
    await engine.saveTaskDraft('internal', application.id, {
      userId: 'lmartin',
      variables: { firstName: 'Ada', loanAmount: 12000 },
    });
    // A second application, submitted by a colleague, so its review (the combined task) is
    // open for Lucas (four eyes: whoever filled it may not review it).
    const reviewed = await engine.startProcess('internal', {
      key: 'loanApplication',
      startedBy: 'jmorales',
      variables: { applicantName: 'Grace Hopper' },
    });
    const filled = await openTaskOf(server, reviewed.id);
    await engine.completeTask('internal', filled.id, {
      userId: 'jmorales',
      variables: { ...VALID_APPLICATION, firstName: 'Grace', lastName: 'Hopper' },
    });
    review = await openTaskOf(server, reviewed.id);
    await engine.claimTask('internal', review.id, 'lmartin');
    valuation = await makeFormTask(server, {
      formKey: 'collateral-valuation',
      assignee: 'lmartin',
      variables: { loanAmount: 150000, customerName: 'Ada Lovelace', internalRating: 'B' },
    });
    await engine.saveTaskDraft('internal', valuation.id, {
      userId: 'lmartin',
      variables: { collateralType: 'vehicle', marketValue: 18000 },
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  describe('seeding', () => {
    it('given a fresh server, when it started, then every fixture form is stored for every tenant at version 1', async () => {
      const files = (await readdir(FORM_FIXTURES_DIR)).filter(
        (name) => name.endsWith('.json') && !name.startsWith('invalid-'),
      );
      const rows = await server.database.db
        .selectFrom('form_definitions')
        .select(['tenant', 'id', 'kind', 'version'])
        .orderBy('tenant')
        .orderBy('id')
        .execute();
      for (const tenant of ['internal', 'acme']) {
        const own = rows.filter((row) => row.tenant === tenant);
        expect(own).toHaveLength(files.length);
        expect(own.every((row) => row.version === 1)).toBe(true);
      }
      expect(rows).toContainEqual({
        tenant: 'acme',
        id: 'CUT-loan-review',
        kind: 'combined',
        version: 1,
      });
      expect(rows).toContainEqual({
        tenant: 'internal',
        id: 'flowable-loan-request',
        kind: 'plain',
        version: 1,
      });
      expect(rows.some((row) => row.id.startsWith('invalid'))).toBe(false);
    });

    it('given the same fixtures, when seeding again, then nothing new is stored', async () => {
      const report = await seedFormDefinitions(server.database.db);
      expect(report).toEqual({ stored: [], refused: [] });
    });

    it('given a changed, a new and a broken fixture, when seeding, then the changed one is the next version, the new one version 1 and the broken one is refused', async () => {
      const folder = await mkdtemp(join(tmpdir(), 'tessera-forms-'));
      try {
        const original = JSON.parse(
          await readFile(join(FORM_FIXTURES_DIR, 'loan-disbursement.json'), 'utf8'),
        ) as Record<string, unknown>;
        await writeFile(
          join(folder, 'loan-disbursement.json'),
          JSON.stringify({ ...original, description: 'Changed wording.' }),
        );
        await writeFile(
          join(folder, 'seed-check-form.json'),
          JSON.stringify({ key: 'seed-check-form', name: 'Seed check', fields: [] }),
        );
        await writeFile(join(folder, 'broken.json'), JSON.stringify({ key: 'broken', fields: 3 }));
        await writeFile(join(folder, 'invalid-skipped.json'), '{ not json');
        const report = await seedFormDefinitions(server.database.db, folder);
        expect([...report.stored].sort()).toEqual([
          'acme/loan-disbursement@2',
          'acme/seed-check-form@1',
          'internal/loan-disbursement@2',
          'internal/seed-check-form@1',
        ]);
        expect(report.refused.map((refused) => refused.file)).toEqual(['broken.json']);
        const latest = await call(lucas, 'GET', FormPath.formVersion('loan-disbursement', 2));
        expect(latest.json<FormDefinitionAnswer>()).toMatchObject({
          version: 2,
          definition: { description: 'Changed wording.' },
        });
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    });
  });

  describe('author preview (access-test)', () => {
    it('given a form author, when listing forms, then each id comes once at its latest version with kind and name', async () => {
      const response = await call(priya, 'GET', FormPath.list);
      expect(response.statusCode, response.body).toBe(200);
      const list = response.json<FormListAnswer>();
      expect(list.size).toBe(list.data.length);
      expect(list.data).toContainEqual({
        id: 'DSG-loan-application',
        kind: 'designer',
        version: 1,
        name: { en: 'Loan application', es: 'Solicitud de préstamo', fr: 'Demande de prêt' },
      });
      expect(list.data).toContainEqual({
        id: 'flowable-loan-request',
        kind: 'plain',
        version: 1,
        name: 'Loan request review',
      });
      expect(new Set(list.data.map((form) => form.id)).size).toBe(list.data.length);
    });

    it('given a form author, when reading one form, then the definition comes as written; an unknown id is 404', async () => {
      const response = await call(priya, 'GET', FormPath.form('CUT-loan-review'));
      expect(response.statusCode).toBe(200);
      expect(response.json<FormDefinitionAnswer>()).toMatchObject({
        id: 'CUT-loan-review',
        kind: 'combined',
        version: 1,
        definition: { id: 'CUT-loan-review' },
      });
      const { forms } = response.json<{ definition: { forms: unknown[] } }>().definition;
      expect(forms[0]).toEqual({ ref: 'DSG-loan-application' });
      expect((await call(priya, 'GET', FormPath.form('no-such-form'))).statusCode).toBe(404);
    });

    it('given staff without access-test, without access-task or signed out, when using the preview calls, then 403, 403 and 401', async () => {
      for (const url of [FormPath.list, FormPath.form('DSG-loan-application')]) {
        const officer = await call(lucas, 'GET', url);
        expect(officer.statusCode).toBe(403);
        expect(officer.json()).toMatchObject({ code: 'INSUFFICIENT_PRIVILEGES' });
        expect((await call(elena, 'GET', url)).statusCode).toBe(403);
        expect((await identityClient(server).request({ url })).statusCode).toBe(401);
      }
    });
  });

  describe('definitions by id', () => {
    it('given a form id and version, when reading taskForms/{id}/{version}, then that version; a missing version is 404 and a non-number 400', async () => {
      const response = await call(lucas, 'GET', FormPath.formVersion('flowable-loan-request', 1));
      expect(response.statusCode).toBe(200);
      expect(response.json<FormDefinitionAnswer>()).toMatchObject({
        id: 'flowable-loan-request',
        kind: 'plain',
        version: 1,
        name: 'Loan request review',
        definition: { key: 'flowable-loan-request' },
      });
      expect(
        (await call(lucas, 'GET', FormPath.formVersion('flowable-loan-request', 99))).statusCode,
      ).toBe(404);
      const bad = await call(lucas, 'GET', '/api/task/app/rest/taskForms/flowable-loan-request/x');
      expect(bad.statusCode).toBe(400);
    });

    it('given a designer form id, when reading it, then the latest designer form; a plain form id is 404', async () => {
      const response = await call(lucas, 'GET', FormPath.designerForm('DSG-customer-onboarding'));
      expect(response.statusCode).toBe(200);
      expect(response.json<FormDefinitionAnswer>()).toMatchObject({
        id: 'DSG-customer-onboarding',
        kind: 'designer',
      });
      expect(
        (await call(lucas, 'GET', FormPath.designerForm('flowable-loan-request'))).statusCode,
      ).toBe(404);
    });

    it('given a form stored for one tenant only, when another tenant asks for it, then 404', async () => {
      await storeFormDefinition(server.database.db, {
        tenant: 'internal',
        id: 'DSG-internal-only',
        kind: 'designer',
        definition: { id: 'DSG-internal-only', name: 'Internal only', fields: [] },
      });
      expect(
        (await call(lucas, 'GET', FormPath.designerForm('DSG-internal-only'))).statusCode,
      ).toBe(200);
      expect((await call(ana, 'GET', FormPath.designerForm('DSG-internal-only'))).statusCode).toBe(
        404,
      );
      expect(
        (await call(ana, 'GET', FormPath.formVersion('DSG-internal-only', 1))).statusCode,
      ).toBe(404);
    });

    it('given no access-task or no session, when reading a definition, then 403 or 401', async () => {
      const url = FormPath.designerForm('DSG-loan-application');
      expect((await call(elena, 'GET', url)).statusCode).toBe(403);
      expect((await identityClient(server).request({ url })).statusCode).toBe(401);
    });
  });

  describe('the task form', () => {
    it('given the assignee, when reading the task form under both spellings, then the designer definition with the draft over the process values, editable', async () => {
      for (const url of [
        FormPath.taskForm(application.id),
        FormPath.taskFormAlias(application.id),
      ]) {
        const response = await call(lucas, 'GET', url);
        expect(response.statusCode, response.body).toBe(200);
        const form = response.json<TaskFormAnswer>();
        expect(form).toMatchObject({
          taskId: application.id,
          formKey: 'DSG-loan-application',
          formId: 'DSG-loan-application',
          kind: 'designer',
          version: 1,
          readOnly: false,
          definition: { id: 'DSG-loan-application' },
        });
        expect(form.values).toEqual({ firstName: 'Ada', loanAmount: 12000 });
      }
    });

    it('given a plain form, when reading the task form, then Flowable’s model with each field’s value filled in, and no other process variable', async () => {
      const response = await call(lucas, 'GET', FormPath.taskForm(valuation.id));
      expect(response.statusCode).toBe(200);
      const form = response.json<TaskFormAnswer>();
      expect(form.kind).toBe('plain');
      expect(form.values).toEqual({ collateralType: 'vehicle', marketValue: 18000 });
      const body = JSON.stringify(form.definition);
      expect(body).toContain('"id":"collateralType"');
      const rows = (form.definition as { fields: { id: string; fields?: unknown }[] }).fields.find(
        (field) => field.id === 'valuationRow',
      )?.fields as { id: string; value: unknown }[][];
      const cells = rows.flat();
      expect(cells.find((cell) => cell.id === 'collateralType')?.value).toBe('vehicle');
      expect(cells.find((cell) => cell.id === 'marketValue')?.value).toBe(18000);
      expect(cells.find((cell) => cell.id === 'valuerName')?.value).toBeNull();
      // Display fields keep their own text; variables the form does not show stay out.
      expect(body).toContain('Loan of ${loanAmount} for ${firstName} ${lastName}');
      expect(body).not.toContain('internalRating');
    });

    it('given the team lead and a group mate, when reading someone else’s task form, then they read it read-only', async () => {
      const lead = await call(maria, 'GET', FormPath.taskForm(application.id));
      expect(lead.statusCode).toBe(200);
      expect(lead.json<TaskFormAnswer>().readOnly).toBe(true);
      const amara = await signIn(server, EMAIL.aokafor);
      const mate = await call(amara, 'GET', FormPath.taskForm(application.id));
      expect(mate.json<TaskFormAnswer>().readOnly).toBe(true);
    });

    it('given an outsider, another tenant, no access-task or no session, when reading a task form, then 403, 404, 403 and 401', async () => {
      const outsider = await call(priya, 'GET', FormPath.taskForm(application.id));
      expect(outsider.statusCode).toBe(403);
      expect(outsider.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect((await call(ana, 'GET', FormPath.taskForm(application.id))).statusCode).toBe(404);
      expect((await call(elena, 'GET', FormPath.taskForm(application.id))).statusCode).toBe(403);
      expect(
        (await identityClient(server).request({ url: FormPath.taskForm(application.id) }))
          .statusCode,
      ).toBe(401);
      expect((await call(lucas, 'GET', FormPath.taskForm('no-such-task'))).statusCode).toBe(404);
    });

    it('given a task without a form or with a form that is not stored, when reading its form, then 404', async () => {
      const bare = await makeFormTask(server, { formKey: null, assignee: 'lmartin' });
      const missing = await makeFormTask(server, {
        formKey: 'not-a-stored-form',
        assignee: 'lmartin',
      });
      expect((await call(lucas, 'GET', FormPath.taskForm(bare.id))).statusCode).toBe(404);
      expect((await call(lucas, 'GET', FormPath.taskForm(missing.id))).statusCode).toBe(404);
    });

    it('given a task of the acme tenant, when its assignee reads the form, then acme’s own stored form answers', async () => {
      const acmeTask = await makeFormTask(server, {
        formKey: 'collateral-valuation',
        assignee: 'acme-asouza',
        tenant: 'acme',
      });
      const response = await call(ana, 'GET', FormPath.taskForm(acmeTask.id));
      expect(response.statusCode).toBe(200);
      expect(response.json<TaskFormAnswer>()).toMatchObject({
        formId: 'collateral-valuation',
        readOnly: false,
      });
      expect((await call(lucas, 'GET', FormPath.taskForm(acmeTask.id))).statusCode).toBe(404);
    });
  });

  describe('the combined user task', () => {
    it('given a combined task, when reading it, then each form resolved in order with its own values', async () => {
      const response = await call(lucas, 'GET', FormPath.combinedTask(review.id));
      expect(response.statusCode, response.body).toBe(200);
      const combined = response.json<CombinedTaskAnswer>();
      expect(combined).toMatchObject({
        taskId: review.id,
        formKey: 'CUT-loan-review',
        formId: 'CUT-loan-review',
        version: 1,
        readOnly: false,
        name: { en: 'Loan review' },
      });
      expect(
        combined.forms.map((form) => [form.index, form.formId, form.kind, form.version]),
      ).toEqual([
        [0, 'DSG-loan-application', 'designer', 1],
        [1, 'DSG-customer-onboarding', 'designer', 1],
        [2, 'loan-review-decision', 'plain', null],
      ]);
      const [applicationPart, customerPart, decisionPart] = combined.forms;
      expect(applicationPart).toMatchObject({
        resolved: true,
        title: null,
        definition: { id: 'DSG-loan-application' },
        values: { firstName: 'Grace', lastName: 'Hopper', loanAmount: 25000 },
      });
      expect(customerPart?.title).toEqual({
        en: 'Customer file',
        es: 'Ficha del cliente',
        fr: 'Dossier client',
      });
      // The customer form shares `email` and `dateOfBirth` with the application: one variable.
      expect(customerPart?.values).toEqual({ dateOfBirth: '1985-12-10', email: 'ada@example.com' });
      expect(decisionPart).toMatchObject({
        resolved: true,
        definition: { key: 'loan-review-decision' },
        values: {},
      });
    });

    it('given a task whose form is not combined, when reading it as a combined task, then 404', async () => {
      expect((await call(lucas, 'GET', FormPath.combinedTask(application.id))).statusCode).toBe(
        404,
      );
    });

    it('given an outsider or another tenant, when reading the combined task, then 403 or 404', async () => {
      expect((await call(priya, 'GET', FormPath.combinedTask(review.id))).statusCode).toBe(403);
      expect((await call(ana, 'GET', FormPath.combinedTask(review.id))).statusCode).toBe(404);
    });
  });
});
