import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ReportPath,
  type ReportDetailAnswer,
  type ReportListAnswer,
} from '../../schemas/api/reports';
import { formatAmount, formatReportDate } from '../../src/core/format';
import { FIELD_CATALOG } from '../../plugins/catalog';
import { demoFormsStored, seedCompletedCases } from '../../server/seed/demoCompletedCases';
import { SeededRandom } from '../../server/seed/demoWorkloadPlan';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import { identityClient, type IdentityClient } from './identityClient';

/** A strict RFC 4180 reader of the exported file, its byte order mark removed. */
function parseCsv(text: string): string[][] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index];
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && body[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  return rows;
}

describe('completed-instance reports', () => {
  let server: TestServer;
  let claire: IdentityClient;
  let lucas: IdentityClient;
  let ana: IdentityClient;

  beforeAll(async () => {
    server = await startTestServer();
    const { db } = server.database;
    if (!(await demoFormsStored(db))) throw new Error('The completed cases need the demo forms.');
    await seedCompletedCases(db, new SeededRandom(20_260_302), new Date());
    // acme's officer reads reports too, to show that a tenant sees only its own.
    await db
      .updateTable('users')
      .set({ privileges: ['access-task', 'access-bo'] })
      .where('id', '=', 'acme-asouza')
      .execute();
    claire = await signIn(server, EMAIL.cdubois);
    lucas = await signIn(server, EMAIL.lmartin);
    ana = await signIn(server, EMAIL.asouza, 'acme');
  }, 300_000);

  afterAll(async () => {
    await server.close();
  });

  const list = async (client: IdentityClient, type: string, lang = 'en') => {
    const response = await call(client, 'GET', `${ReportPath.list(type)}?lang=${lang}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReportListAnswer>().result;
  };

  it('given decided loan applications, when back office lists them, then each has its loanApplicationDetails, newest end first', async () => {
    const rows = await list(claire, 'loanApplication');
    expect(rows).toHaveLength(5);
    const ends = rows.map((row) => row.ended);
    expect(ends).toEqual([...ends].sort().reverse());
    for (const row of rows) {
      expect(row.status).toBe('Completed');
      expect(row.processDefinitionKey).toBe('loanApplication');
      const details = row.loanApplicationDetails;
      expect(details).toBeDefined();
      expect(details?.customerID).toMatch(/^CUS-\d{6}$/);
      expect(details?.customerFullName).not.toBe('');
      expect(details?.currency).toBe('EUR');
      expect(details?.loanAmount).toBeGreaterThan(1000);
      expect(details?.duration).toBeGreaterThanOrEqual(6);
      expect(details?.loanSupervisor).toMatch(/^(María García|Javier Morales)$/);
      expect(details?.loanOfficer).not.toBe('');
    }
    expect(rows.map((row) => row.loanApplicationDetails?.status).sort()).toEqual([
      'approved',
      'approved',
      'approved',
      'approved',
      'declined',
    ]);
    const numbers = rows.map((row) => row.loanApplicationDetails?.sequenceNumber);
    expect(new Set(numbers).size).toBe(5);
    expect(rows.map((row) => row.loanApplicationDetails?.namePart)).toContain('Mortgage');
    const spanish = await list(claire, 'loanApplication', 'es');
    expect(spanish.map((row) => row.loanApplicationDetails?.namePart)).toContain('Hipoteca');
  });

  it('given completed loans and onboardings, when listed, then each type holds only its own processes without loan columns', async () => {
    const loans = await list(claire, 'loan');
    expect(loans).toHaveLength(3);
    expect(loans.every((row) => row.processDefinitionKey === 'loanOrigination')).toBe(true);
    expect(loans.every((row) => row.loanApplicationDetails === undefined)).toBe(true);
    const customers = await list(claire, 'customer');
    expect(customers).toHaveLength(3);
    expect(customers.every((row) => row.processDefinitionKey === 'customerOnboarding')).toBe(true);
  });

  it('given a completed loan, when its report opens, then every completed task shows its form with the values it was completed with and no layout or password field', async () => {
    const [loan] = await list(claire, 'loan');
    if (!loan) throw new Error('no loan');
    const response = await call(claire, 'GET', ReportPath.detail('loan', loan.id));
    expect(response.statusCode, response.body).toBe(200);
    const { instance, tasks } = response.json<ReportDetailAnswer>().result;
    expect(instance).toMatchObject({ id: loan.id, name: loan.name, startedBy: loan.startedBy });
    expect(tasks.map((task) => task.name)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Application intake/),
        'Value the collateral',
      ]),
    );
    const fields = tasks.flatMap((task) =>
      task.forms.flatMap((entry) => entry.form.sections.flatMap((section) => section.fields)),
    );
    expect(fields.filter((field) => FIELD_CATALOG.rulesOf(field.type).hiddenInReports)).toEqual([]);
    const valuation = tasks.find((task) => task.name === 'Value the collateral');
    expect(valuation?.completedBy?.fullName).toBe('Claire Dubois');
    expect(valuation?.forms[0]?.values).toMatchObject({ valuerName: 'Tasaciones Norte S.L.' });
    const intake = tasks[0]?.forms[0]?.values ?? {};
    expect(intake.customerId).toMatch(/^CUS-/);
    expect(typeof intake.monthlyInstalment).toBe('number');
    expect(JSON.stringify(tasks)).not.toContain('portalPassword');
  });

  it('given a loan application report, when exported, then the CSV names the instance and holds every task value, with formulas disarmed', async () => {
    const [application] = await list(claire, 'loanApplication');
    if (!application) throw new Error('no application');
    // A case named by what a person typed: the name a spreadsheet must not run.
    const hostile = '=HYPERLINK("http://evil.example","Open")';
    await server.database.db
      .updateTable('process_instances')
      .set({ display_names: JSON.stringify({ en: hostile, es: hostile, fr: hostile }) })
      .where('id', '=', application.id)
      .execute();
    const response = await call(
      claire,
      'GET',
      `${ReportPath.csv('loanApplication', application.id)}?lang=es`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="?loanApplication_report_\d{8}T\d{6}Z\.csv"?$/,
    );
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual(['Sección', 'Campo', 'Valor']);
    expect(rows[1]).toEqual([
      'Informe de solicitudes de préstamo',
      'Nombre',
      `'=HYPERLINK("http://evil.example","Open")`,
    ]);
    expect(rows[2]?.[2]).toBe(application.startedBy.fullName);
    // Report dates (spec 001 section 9): DD/MMM/YYYY HH:mm for a loan application, the
    // month in Spanish, on the UTC clock the headings name.
    const reportDate = (iso: string) =>
      formatReportDate(new Date(iso).toISOString().slice(0, 16), 'es', true);
    expect(rows[3]).toEqual([
      'Informe de solicitudes de préstamo',
      'Fecha de inicio (UTC)',
      reportDate(application.started),
    ]);
    expect(rows[4]?.[2]).toBe(reportDate(application.ended));
    expect(rows[3]?.[2]).toMatch(/^\d{2}\/[a-z]{3,4}\/\d{4} \d{2}:\d{2}$/);
    // An amount reads with its thousands spaced, two decimals and its currency.
    const amount = application.loanApplicationDetails?.loanAmount ?? null;
    expect(rows.find((row) => row[1] === 'Importe del préstamo')?.[2]).toBe(
      formatAmount(amount, 'es', 'EUR'),
    );
    const customer = rows.find((row) => row[1] === 'Número de cliente');
    expect(customer?.[2]).toBe(application.loanApplicationDetails?.customerID);
    // The review's choice is written as its option's label in the CSV's language, not its
    // stored code (the decision part carries its Spanish texts).
    const decisions = rows.filter((row) => row[1] === 'Decisión').map((row) => row[2]);
    expect(decisions.length).toBeGreaterThan(0);
    for (const decision of decisions) {
      expect(decision).toMatch(/^(Aprobar|Rechazar|Pedir más información)$/);
    }
    // A dictionary code is written as its label in the CSV's language.
    expect(rows.find((row) => row[1] === 'Producto')?.[2]).toMatch(
      /^(Hipoteca|Préstamo personal|Préstamo de coche)$/,
    );
    expect(rows.every((row) => row.length === 3)).toBe(true);
    expect(rows.flat().some((cell) => /^[=+\-@\t\r]/.test(cell))).toBe(false);
  });

  it('given a user without access-bo, when asking for any report, then 403; without a session, 401', async () => {
    const [loan] = await list(claire, 'loan');
    if (!loan) throw new Error('no loan');
    for (const url of [
      ReportPath.list('loan'),
      ReportPath.detail('loan', loan.id),
      ReportPath.csv('loan', loan.id),
    ]) {
      const refused = await call(lucas, 'GET', url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_PRIVILEGES' });
      expect((await call(identityClient(server), 'GET', url)).statusCode).toBe(401);
    }
  });

  it('given an unknown type or a bad id, when asked, then 404 for what does not exist and 400 for what is not an id', async () => {
    const [loan] = await list(claire, 'loan');
    if (!loan) throw new Error('no loan');
    expect((await call(claire, 'GET', ReportPath.list('mortgage'))).statusCode).toBe(404);
    expect((await call(claire, 'GET', ReportPath.detail('mortgage', loan.id))).statusCode).toBe(
      404,
    );
    expect((await call(claire, 'GET', ReportPath.detail('loan', 'not-an-id'))).statusCode).toBe(
      400,
    );
    expect((await call(claire, 'GET', `${ReportPath.list('loan')}?lang=de`)).statusCode).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(claire, 'GET', ReportPath.detail('loan', unknown))).statusCode).toBe(404);
    // A loan is not a customer's report, and a running case is not a completed one.
    expect((await call(claire, 'GET', ReportPath.detail('customer', loan.id))).statusCode).toBe(
      404,
    );
    const running = await server.app.engine.startProcess('internal', {
      key: 'loanOrigination',
      startedBy: 'lmartin',
      variables: { customerName: 'Still Running', loanAmount: 5000, monthlyIncome: 3000 },
    });
    expect((await call(claire, 'GET', ReportPath.detail('loan', running.id))).statusCode).toBe(404);
    expect((await list(claire, 'loan')).some((row) => row.id === running.id)).toBe(false);
  });

  it("given another tenant's back office, when it lists or opens internal's reports, then it sees none of them", async () => {
    const [loan] = await list(claire, 'loan');
    if (!loan) throw new Error('no loan');
    expect(await list(ana, 'loan')).toEqual([]);
    expect((await call(ana, 'GET', ReportPath.detail('loan', loan.id))).statusCode).toBe(404);
    expect((await call(ana, 'GET', ReportPath.csv('loan', loan.id))).statusCode).toBe(404);
  });
});
