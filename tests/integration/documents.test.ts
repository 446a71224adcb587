import PizZip from 'pizzip';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../schemas/api/common';
import {
  DocumentPath,
  TemplateRefusal,
  type AdminTemplatesAnswer,
  type DocumentTemplate,
  type GenerateAnswer,
  type GeneratedDocument,
  type TemplateAnswer,
  type TemplatesAnswer,
} from '../../schemas/api/documents';
import { MediaType } from '../../schemas/api/files';
import { ProcessType } from '../../schemas/api/processes';
import { buildDocx, docxText } from '../../server/documents/buildDocx';
import { buildXlsx } from '../../server/documents/buildXlsx';
import { sweepGeneratedDocuments } from '../../server/documents/documentService';
import { completeOnboarding } from '../../server/documents/testing/completedOnboarding';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import type { IdentityClient } from './identityClient';
import { multipartBody, type TestFile } from './uploadForm';

/** A record of a `customers` object, written as the records area stores one. */
async function insertCustomer(server: TestServer, tenant: string, id: string): Promise<void> {
  const db = server.database.db;
  await db
    .insertInto('object_definitions')
    .values({
      tenant,
      key: 'customers',
      version: 1,
      label: JSON.stringify({ en: 'Customers' }),
      owner: 'back-office',
      colour: '#2d72d2',
      fields: JSON.stringify([]),
      other_data: JSON.stringify({}),
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  await db
    .insertInto('object_records')
    .values({
      tenant,
      id,
      key: 'customers',
      version: 1,
      data: JSON.stringify({
        customerId: id,
        fullName: 'Lena Fischer',
        email: 'lena@example.com',
        phone: '=1+1',
        riskScore: 42,
      }),
    })
    .execute();
}

describe('document templates and generation', () => {
  let server: TestServer;
  let amara: IdentityClient;
  let claire: IdentityClient;
  let priya: IdentityClient;
  let lucas: IdentityClient;
  let elena: IdentityClient;
  let ana: IdentityClient;

  const templates = async (client: IdentityClient, scope: string) =>
    call(client, 'GET', `${DocumentPath.templates}?scope=${scope}`);

  const templateNamed = async (client: IdentityClient, scope: string, name: string) => {
    const list = (await templates(client, scope)).json<TemplatesAnswer>().data;
    const found = list.find((template) => template.name === name);
    if (!found) throw new Error(`No template ${name} in ${scope}.`);
    return found;
  };

  const generate = (client: IdentityClient, body: Record<string, unknown>) =>
    call(client, 'POST', DocumentPath.generate, body);

  const download = (client: IdentityClient, document: GeneratedDocument) =>
    call(
      client,
      'GET',
      `${DocumentPath.raw(document.processInstanceId)}?contentId=${document.contentId}&requiredFileFormat=${document.requiredFileFormat}`,
    );

  const upload = async (client: IdentityClient, fields: Record<string, string>, file: TestFile) => {
    const { body, contentType } = await multipartBody(fields, file);
    return client.request({
      method: 'POST',
      url: DocumentPath.adminTemplates,
      body,
      headers: { 'content-type': contentType },
    });
  };

  beforeAll(async () => {
    server = await startTestServer({
      // One slot and no waiting line, so the busy answer can be shown.
      config: { documents: { concurrency: 1, queueLength: 0, keepMinutes: 60 } },
    });
    [amara, claire, priya, lucas, elena, ana] = await Promise.all([
      signIn(server, EMAIL.aokafor),
      signIn(server, EMAIL.cdubois),
      signIn(server, EMAIL.pnair),
      signIn(server, EMAIL.lmartin),
      signIn(server, 'elena.vidal@tessera.example'),
      signIn(server, EMAIL.asouza, 'acme'),
    ]);
  }, 300_000);

  afterAll(async () => {
    await server.close();
  });

  it('given a report type, when staff list its templates, then they see its templates by name', async () => {
    const response = await templates(amara, ProcessType.customer);
    expect(response.statusCode).toBe(200);
    const list = response.json<TemplatesAnswer>().data;
    expect(list.map((template) => template.name)).toEqual(['Customer onboarding record']);
    expect(list[0]).toMatchObject({ scope: 'CUSTOMER', documentType: 'document' });
    const application = (
      await templates(amara, ProcessType.loanApplication)
    ).json<TemplatesAnswer>();
    expect(application.data.map((template) => template.documentType).sort()).toEqual([
      'document',
      'sheet',
    ]);
  });

  it('refuses a list to those without the privilege, and a scope that is no key', async () => {
    expect((await templates(lucas, 'customers')).statusCode).toBe(403);
    expect((await templates(claire, 'customers')).statusCode).toBe(200);
    expect((await templates(elena, ProcessType.customer)).statusCode).toBe(403);
    expect((await templates(amara, '../etc')).statusCode).toBe(400);
    expect((await call(amara, 'GET', DocumentPath.templates)).statusCode).toBe(400);
  });

  it('given a completed onboarding, when its starter generates the record, then the docx holds its values and a date-prefixed name', async () => {
    const onboarding = await completeOnboarding(server, 'aokafor', 'Ana Souza');
    const template = await templateNamed(amara, ProcessType.customer, 'Customer onboarding record');
    const response = await generate(amara, {
      templateId: template.id,
      processInstanceId: onboarding.instanceId,
      documentType: 'document',
    });
    expect(response.statusCode).toBe(200);
    const document = response.json<GenerateAnswer>().data;
    const today = new Date().toISOString().slice(0, 10);
    expect(document).toMatchObject({
      processInstanceId: onboarding.instanceId,
      requiredFileFormat: 'docx',
      fileName: `${today}_Customer onboarding record.docx`,
    });

    const raw = await download(amara, document);
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toBe(MediaType.docx);
    expect(raw.headers['content-disposition']).toContain(
      `${today}_Customer onboarding record.docx`,
    );
    const zip = new PizZip(raw.rawPayload);
    expect(zip.file('word/document.xml')).not.toBeNull();
    const text = docxText(raw.rawPayload);
    expect(text).toContain('Customer: Ana Souza');
    expect(text.some((line) => line.startsWith('Started by Amara Okafor on '))).toBe(true);
    expect(text.some((line) => line.endsWith('Status: Completed.'))).toBe(true);
    expect(
      text.some((line) => line.startsWith('Capture') || line.includes(': Amara Okafor, ')),
    ).toBe(true);
    expect(text.some((line) => line.includes(': Claire Dubois, '))).toBe(true);

    // Only who generated it downloads it, in its own format, under its own subject.
    expect((await download(claire, document)).statusCode).toBe(404);
    expect((await download(amara, { ...document, requiredFileFormat: 'xlsx' })).statusCode).toBe(
      404,
    );
    expect(
      (await download(amara, { ...document, processInstanceId: 'another-instance' })).statusCode,
    ).toBe(404);
  });

  it('refuses another tenant, someone who may not see the instance, a template of another scope or type', async () => {
    // Started and captured by the form author, reviewed by the back office: no officer's case.
    const onboarding = await completeOnboarding(server, 'pnair', 'Marta Ruiz');
    const record = await templateNamed(amara, ProcessType.customer, 'Customer onboarding record');
    const letter = await templateNamed(amara, ProcessType.loan, 'Loan decision letter');
    const asked = { templateId: record.id, processInstanceId: onboarding.instanceId };

    // Another tenant's user knows neither the template nor the instance.
    expect((await generate(ana, { ...asked, documentType: 'document' })).statusCode).toBe(404);
    const acmeTemplate = (await templates(ana, ProcessType.customer)).json<TemplatesAnswer>()
      .data[0] as DocumentTemplate;
    expect(
      (
        await generate(priya, {
          templateId: acmeTemplate.id,
          processInstanceId: onboarding.instanceId,
          documentType: 'document',
        })
      ).statusCode,
    ).toBe(404);
    // An officer of the same tenant who has no part in the case.
    expect((await generate(lucas, { ...asked, documentType: 'document' })).statusCode).toBe(403);
    // A loan letter is not for an onboarding; a docx template is not a sheet.
    expect(
      (
        await generate(priya, {
          templateId: letter.id,
          processInstanceId: onboarding.instanceId,
          documentType: 'document',
        })
      ).statusCode,
    ).toBe(404);
    expect((await generate(priya, { ...asked, documentType: 'sheet' })).statusCode).toBe(404);
    // Exactly one subject.
    const both = await generate(priya, { ...asked, contentId: 'CUS-1', documentType: 'document' });
    expect(both.statusCode).toBe(400);
    expect(
      (await generate(priya, { templateId: record.id, documentType: 'document' })).statusCode,
    ).toBe(400);
    expect((await generate(elena, { ...asked, documentType: 'document' })).statusCode).toBe(403);
  });

  it('given a record, when the back office generates its sheet, then every filled cell is text that cannot start a formula', async () => {
    await insertCustomer(server, 'internal', 'CUS-DOC-1');
    const sheet = await templateNamed(claire, 'customers', 'Customer sheet');
    const response = await generate(claire, {
      templateId: sheet.id,
      contentId: 'CUS-DOC-1',
      documentType: 'sheet',
    });
    expect(response.statusCode).toBe(200);
    const document = response.json<GenerateAnswer>().data;
    expect(document).toMatchObject({
      processInstanceId: 'CUS-DOC-1',
      requiredFileFormat: 'xlsx',
      fileName: 'Customer sheet CUS-DOC-1.xlsx',
    });
    const raw = await download(claire, document);
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toBe(MediaType.xlsx);
    const workbook = XLSX.read(raw.rawPayload, { type: 'buffer', cellFormula: true });
    const cells = workbook.Sheets['Customer'] ?? {};
    expect(cells['B2']).toMatchObject({ t: 's', v: 'Lena Fischer' });
    expect(cells['B5']).toMatchObject({ t: 's', v: "'=1+1" });
    expect(cells['B5']?.f).toBeUndefined();
    expect(cells['B6']).toMatchObject({ t: 's', v: '42' });

    // Records are the back office's: an officer is refused.
    expect(
      (
        await generate(amara, {
          templateId: sheet.id,
          contentId: 'CUS-DOC-1',
          documentType: 'sheet',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await generate(claire, {
          templateId: sheet.id,
          contentId: 'CUS-NONE',
          documentType: 'sheet',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lets only administrators add templates, and refuses files that are no template', async () => {
    const docx: TestFile = {
      name: 'welcome.docx',
      content: buildDocx([{ text: 'Welcome {customerName}' }]),
    };
    const fields = { scope: ProcessType.customer, name: 'Welcome letter' };
    expect((await upload(claire, fields, docx)).statusCode).toBe(403);
    expect((await upload(amara, fields, docx)).statusCode).toBe(403);

    const added = await upload(priya, fields, docx);
    expect(added.statusCode).toBe(200);
    expect(added.json<TemplateAnswer>().data).toMatchObject({
      name: 'Welcome letter',
      scope: 'CUSTOMER',
      documentType: 'document',
    });
    const names = (await templates(amara, ProcessType.customer))
      .json<TemplatesAnswer>()
      .data.map((template) => template.name);
    expect(names).toContain('Welcome letter');

    const again = await upload(priya, fields, docx);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ details: { code: string }[] }>().details[0]?.code).toBe(
      TemplateRefusal.duplicateName,
    );

    const notOffice = await upload(
      priya,
      { ...fields, name: 'Text' },
      {
        name: 'letter.docx',
        content: Buffer.from('just text, no zip'),
      },
    );
    expect(notOffice.statusCode).toBe(422);
    expect(notOffice.json<{ code: string }>().code).toBe(ErrorCode.templateInvalid);

    const unbalanced = await upload(
      priya,
      { ...fields, name: 'Broken' },
      {
        name: 'broken.docx',
        content: buildDocx([{ text: '{#tasks} never closed' }]),
      },
    );
    expect(unbalanced.statusCode).toBe(422);
    expect(unbalanced.json<{ details: { code: string }[] }>().details[0]?.code).toBe(
      TemplateRefusal.brokenTemplate,
    );

    const sheet = await upload(
      priya,
      { scope: 'customers', name: 'Contact sheet' },
      {
        name: 'contact.xlsx',
        content: buildXlsx('Contact', [['Email', '{email}']]),
      },
    );
    expect(sheet.statusCode).toBe(200);
    expect(sheet.json<TemplateAnswer>().data.documentType).toBe('sheet');

    const removed = await call(
      priya,
      'DELETE',
      DocumentPath.adminTemplate(sheet.json<TemplateAnswer>().data.id),
    );
    expect(removed.statusCode).toBe(200);
    expect(
      (await templates(claire, 'customers')).json<TemplatesAnswer>().data.map((t) => t.name),
    ).not.toContain('Contact sheet');
  });

  it('given an administrator, when listing every template, then each comes with who added it and the scopes to add one to, for the tenant only', async () => {
    expect((await call(claire, 'GET', DocumentPath.adminTemplates)).statusCode).toBe(403);
    expect((await call(amara, 'GET', DocumentPath.adminTemplates)).statusCode).toBe(403);
    expect((await call(priya, 'GET', `${DocumentPath.adminTemplates}?scope=x`)).statusCode).toBe(
      400,
    );

    const answer = await call(priya, 'GET', DocumentPath.adminTemplates);
    expect(answer.statusCode).toBe(200);
    const { data, scopes } = answer.json<AdminTemplatesAnswer>();
    // The seeded templates and the one priya added above, grouped by scope.
    const scopeRuns = data
      .map((template) => template.scope)
      .filter((scope, index, all) => index === 0 || all[index - 1] !== scope);
    expect(scopeRuns).toEqual([...new Set(scopeRuns)]);
    const welcome = data.find((template) => template.name === 'Welcome letter');
    expect(welcome).toMatchObject({ scope: 'CUSTOMER', createdBy: 'Priya Nair' });
    expect(Number.isNaN(Date.parse(welcome?.createdAt ?? ''))).toBe(false);
    expect(scopes.filter((scope) => scope.kind === 'report').map((scope) => scope.key)).toEqual(
      Object.values(ProcessType),
    );
    expect(scopes).toContainEqual({ key: 'customers', kind: 'object', label: { en: 'Customers' } });

    // Another tenant's administrator sees none of these.
    const acmeAdmin = await server.database.db
      .updateTable('users')
      .set({ privileges: ['access-task', 'access-admin'] })
      .where('email', '=', EMAIL.asouza)
      .returning('id')
      .executeTakeFirst();
    expect(acmeAdmin).toBeDefined();
    const anaAgain = await signIn(server, EMAIL.asouza, 'acme');
    const theirs = (
      await call(anaAgain, 'GET', DocumentPath.adminTemplates)
    ).json<AdminTemplatesAnswer>();
    expect(theirs.data.some((template) => template.name === 'Welcome letter')).toBe(false);
    expect(theirs.data.every((template) => !data.some((ours) => ours.id === template.id))).toBe(
      true,
    );
  });

  it('given a template that came with the installation, when an administrator removes it, then 409 TEMPLATE_BUILT_IN and it stays', async () => {
    const before = (
      await call(priya, 'GET', DocumentPath.adminTemplates)
    ).json<AdminTemplatesAnswer>().data;
    const builtIn = before.find((template) => template.createdBy === null);
    if (!builtIn) throw new Error('a seeded template expected');
    expect(builtIn.builtIn).toBe(true);
    // Only what the installation brought is built in; what people add is not.
    expect(before.every((template) => template.builtIn === (template.createdBy === null))).toBe(
      true,
    );

    const refused = await call(priya, 'DELETE', DocumentPath.adminTemplate(builtIn.id));

    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ code: string }>().code).toBe(ErrorCode.templateBuiltIn);
    const after = (
      await call(priya, 'GET', DocumentPath.adminTemplates)
    ).json<AdminTemplatesAnswer>().data;
    expect(after.some((template) => template.id === builtIn.id)).toBe(true);
  });

  it('given tags that reach for code, then the document shows nothing for them and nothing runs', async () => {
    const onboarding = await completeOnboarding(server, 'aokafor', 'Hugo Blanc');
    const added = await upload(
      priya,
      { scope: ProcessType.customer, name: 'Hostile tags' },
      {
        name: 'hostile.docx',
        content: buildDocx([
          { text: 'A[{constructor.constructor}]' },
          { text: 'B[{constructor}]' },
          { text: 'C[{__proto__}]' },
          { text: 'D[{this.constructor}]' },
          { text: "E[{constructor.constructor('return process')()}]" },
          { text: 'F[{fullName}]' },
        ]),
      },
    );
    expect(added.statusCode).toBe(200);
    const response = await generate(amara, {
      templateId: added.json<TemplateAnswer>().data.id,
      processInstanceId: onboarding.instanceId,
      documentType: 'document',
    });
    expect(response.statusCode).toBe(200);
    const raw = await download(amara, response.json<GenerateAnswer>().data);
    expect(docxText(raw.rawPayload)).toEqual(['A[]', 'B[]', 'C[]', 'D[]', 'E[]', 'F[Hugo Blanc]']);
  });

  it('removes generated documents nobody fetched once they are older than the keeping time', async () => {
    const onboarding = await completeOnboarding(server, 'aokafor', 'Old Document');
    const template = await templateNamed(amara, ProcessType.customer, 'Customer onboarding record');
    const made = await generate(amara, {
      templateId: template.id,
      processInstanceId: onboarding.instanceId,
      documentType: 'document',
    });
    const document = made.json<GenerateAnswer>().data;
    expect(await sweepGeneratedDocuments(server.database.db, 60)).toBe(0);
    expect((await download(amara, document)).statusCode).toBe(200);
    await server.database.db
      .updateTable('generated_documents')
      .set({ created_at: new Date(Date.now() - 61 * 60_000) })
      .where('id', '=', document.contentId)
      .execute();
    expect(await sweepGeneratedDocuments(server.database.db, 60)).toBeGreaterThanOrEqual(1);
    expect((await download(amara, document)).statusCode).toBe(404);
  });

  it('given every generation slot busy and no room to wait, then the answer is SERVER_TOO_BUSY, and later it works', async () => {
    const onboarding = await completeOnboarding(server, 'aokafor', 'Iris Vogel');
    const template = await templateNamed(amara, ProcessType.customer, 'Customer onboarding record');
    const asked = {
      templateId: template.id,
      processInstanceId: onboarding.instanceId,
      documentType: 'document',
    };
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const occupied = server.app.documentQueue.run(() => held);
    try {
      const busy = await generate(amara, asked);
      expect(busy.statusCode).toBe(429);
      expect(busy.json<{ code: string }>().code).toBe(ErrorCode.serverTooBusy);
      expect(busy.headers['retry-after']).toBe('5');
    } finally {
      release();
      await occupied;
    }
    expect((await generate(amara, asked)).statusCode).toBe(200);
  });
});
