import { beforeAll, describe, expect, it } from 'vitest';
import {
  DocumentPath,
  type GenerateAnswer,
  type GeneratedDocument,
  type TemplateAnswer,
} from '../../schemas/api/documents';
import { ProcessPath, ProcessType } from '../../schemas/api/processes';
import type { Variables } from '../../server/engine';
import { buildDocx, docxText, type DocxParagraph } from '../../server/documents/buildDocx';
import {
  deployFixtureProcess,
  openTaskOf,
  VALID_APPLICATION,
} from '../../server/forms/testing/formTestKit';
import { call } from '../../server/workflow/testing/taskTestKit';
import { setUpTestServer } from '../helpers/setUpTestServer';
import { signInDemoStaff } from '../helpers/signInDemoStaff';
import type { IdentityClient } from './identityClient';
import { multipartBody } from './uploadForm';

const TENANT = 'internal';

/** Intl's no-break spaces (before a currency or percent sign) as plain ones. */
const plain = (lines: string[]) => lines.map((line) => line.replace(/[\u00a0\u202f]/gu, ' '));

/** Day and month names as `formatDate` writes them: `10 déc. 1985`, `10 Dec 1985`. */
const READ_DAY = /^\d{2} \S+ \d{4}$/u;

/** A template reading the loan's values as text and as stored. */
const LOAN_LINES: readonly DocxParagraph[] = [
  { text: 'Produit : {loanProduct}' },
  { text: 'Montant : {loanAmount}' },
  { text: 'Endettement : {debtToIncome}' },
  { text: 'Emploi : {employmentStatus}' },
  { text: 'Naissance : {dateOfBirth}' },
  { text: 'Garanties : {collateralTypes}' },
  { text: 'Début : {startedAt}' },
  { text: 'Statut : {status}' },
  { text: 'Brut : {loanAmount_raw} {loanProduct_raw} {debtToIncome_raw}' },
  {
    text: '{#hasExistingLoans}Autres prêts{/hasExistingLoans}{^hasExistingLoans}Aucun autre prêt{/hasExistingLoans}',
  },
];

/** The line of `lines` that starts with `start`, without it. */
function after(lines: string[], start: string): string {
  const line = lines.find((candidate) => candidate.startsWith(start));
  if (line === undefined) throw new Error(`No line starts with ${start}: ${lines.join(' | ')}`);
  return line.slice(start.length);
}

describe('documents read as the screens do, in the language of who generates them', () => {
  const suite = setUpTestServer();
  let lucas: IdentityClient;
  let claire: IdentityClient;
  let priya: IdentityClient;

  beforeAll(async () => {
    await deployFixtureProcess(suite.server, 'loan-origination.bpmn', TENANT);
    ({ lucas, claire, priya } = await signInDemoStaff(suite.server));
  });

  /** Adds a docx template to a scope as an administrator; answers its id. */
  async function addTemplate(scope: string, name: string, lines: readonly DocxParagraph[]) {
    const { body, contentType } = await multipartBody(
      { scope, name },
      { name: 'template.docx', content: buildDocx(lines) },
    );
    const added = await priya.request({
      method: 'POST',
      url: DocumentPath.adminTemplates,
      body,
      headers: { 'content-type': contentType },
    });
    expect(added.statusCode, added.body).toBe(200);
    return added.json<TemplateAnswer>().data.id;
  }

  /** Generates and downloads a docx as a reader of `language`; answers its paragraphs. */
  async function generateIn(
    client: IdentityClient,
    language: string,
    subject: { processInstanceId: string } | { contentId: string },
    templateId: string,
  ): Promise<string[]> {
    const made = await client.request({
      method: 'POST',
      url: DocumentPath.generate,
      body: { templateId, documentType: 'document', ...subject },
      headers: { 'accept-language': language },
    });
    expect(made.statusCode, made.body).toBe(200);
    const document: GeneratedDocument = made.json<GenerateAnswer>().data;
    const raw = await call(
      client,
      'GET',
      `${DocumentPath.raw(document.processInstanceId)}?contentId=${document.contentId}&requiredFileFormat=${document.requiredFileFormat}`,
    );
    expect(raw.statusCode).toBe(200);
    return plain(docxText(raw.rawPayload));
  }

  /** A loan origination started by Lucas whose intake he completed with `variables`. */
  async function loanCase(variables: Variables): Promise<string> {
    const definitions = await suite.server.app.engine.listDefinitions(TENANT);
    const definition = definitions.find((candidate) => candidate.key === 'loanOrigination');
    if (!definition) throw new Error('loanOrigination is not deployed');
    const started = await call(lucas, 'POST', ProcessPath.processInstances, {
      processDefinitionId: definition.id,
      name: 'Loan origination',
    });
    expect(started.statusCode, started.body).toBeLessThan(300);
    const id = started.json<{ data: { id: string } }>().data.id;
    const intake = await openTaskOf(suite.server, id);
    const { engine } = suite.server.app;
    await engine.claimTask(TENANT, intake.id, 'lmartin');
    await engine.completeTask(TENANT, intake.id, { userId: 'lmartin', variables });
    return id;
  }

  it('given a loan case, when its officer generates a document in French, then amounts, ratios, labels and dates read as in French screens, and the stored values stay for tags that ask for them', async () => {
    // Given a loan origination whose intake holds a personal loan of 61 500 € at 5.48 % DTI.
    const instanceId = await loanCase({
      ...VALID_APPLICATION,
      loanAmount: 61500,
      debtToIncome: 0.0548,
    });
    const templateId = await addTemplate(ProcessType.loan, 'Lettre lisible', LOAN_LINES);

    // When Lucas generates it with his browser in French.
    const lines = await generateIn(
      lucas,
      'fr-FR,fr;q=0.9',
      { processInstanceId: instanceId },
      templateId,
    );

    // Then every value reads as the French screens write it.
    expect(after(lines, 'Produit : ')).toBe('Prêt personnel');
    expect(after(lines, 'Montant : ')).toBe('61 500,00 €');
    expect(after(lines, 'Endettement : ')).toBe('5,48 %');
    expect(after(lines, 'Naissance : ')).toBe('10 déc. 1985');
    expect(after(lines, 'Naissance : ')).toMatch(READ_DAY);
    expect(after(lines, 'Début : ')).toMatch(/^\d{2} \S+ \d{4} \d{2}:\d{2}$/u);
    expect(after(lines, 'Statut : ')).toBe('En cours');
    expect(after(lines, 'Emploi : ')).toBe('Salarié');
    expect(after(lines, 'Garanties : ')).not.toBe('vehicle');
    // And no line but the raw one shows a stored code or an unformatted number.
    const readable = lines.filter((line) => !line.startsWith('Brut : '));
    expect(readable.join('\n')).not.toMatch(/\b(?:personal|employed|vehicle|61500|0\.0548)\b/u);
    // And the stored values are there for a template that asks for them.
    expect(after(lines, 'Brut : ')).toBe('61500 personal 0.0548');
    // And a yes/no still decides a section.
    expect(lines).toContain('Aucun autre prêt');

    // When a colleague reading English generates the same document, it is in English.
    const english = await generateIn(lucas, 'en', { processInstanceId: instanceId }, templateId);
    expect(after(english, 'Produit : ')).toBe('Personal loan');
    expect(after(english, 'Montant : ')).toBe('€61 500.00');
    expect(after(english, 'Endettement : ')).toBe('5.48 %');
    expect(after(english, 'Naissance : ')).toBe('10 Dec 1985');
    expect(after(english, 'Statut : ')).toBe('On-going');
  });

  it('given a loan record, when the back office generates its document in French, then its dictionary codes read as the object definition labels them', async () => {
    // Given a loans record of a personal loan.
    const db = suite.server.database.db;
    await db
      .insertInto('object_definitions')
      .values({
        tenant: TENANT,
        key: 'loans',
        version: 1,
        label: JSON.stringify({ en: 'Loans' }),
        owner: 'credit-committee',
        colour: '#238551',
        fields: JSON.stringify([
          {
            key: 'loanProduct',
            label: { en: 'Product' },
            type: 'string',
            visibleInMobile: true,
            visibleInOthers: true,
            dictionary: 'loanProducts',
          },
        ]),
        other_data: JSON.stringify({}),
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    await db
      .insertInto('object_records')
      .values({
        tenant: TENANT,
        id: 'LN-READABLE-1',
        key: 'loans',
        version: 1,
        data: JSON.stringify({
          loanNumber: 'LN-READABLE-1',
          loanProduct: 'personal',
          loanAmount: 307000,
          disbursementDate: '2026-03-05',
        }),
      })
      .execute();
    const templateId = await addTemplate('loans', 'Relevé lisible', [
      { text: 'Produit : {loanProduct} ({loanProduct_raw})' },
      { text: 'Montant : {loanAmount}' },
      { text: 'Versé le : {disbursementDate}' },
    ]);

    // When Claire generates it in French.
    const lines = await generateIn(claire, 'fr', { contentId: 'LN-READABLE-1' }, templateId);

    // Then the product is its French label, the amount has spaced thousands, the day its month name.
    expect(after(lines, 'Produit : ')).toBe('Prêt personnel (personal)');
    expect(after(lines, 'Montant : ')).toBe('307 000');
    expect(after(lines, 'Versé le : ')).toBe('05 mars 2026');
  });
});
