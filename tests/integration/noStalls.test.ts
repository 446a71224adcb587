import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type ErrorBody } from '../../schemas/api/common';
import { DocumentPath, TemplateRefusal, type TemplateAnswer } from '../../schemas/api/documents';
import { IdentityPath } from '../../schemas/api/identity';
import { ProcessType } from '../../schemas/api/processes';
import { RecordsPath } from '../../schemas/api/records';
import { buildDocx } from '../../server/documents/buildDocx';
import { buildXlsx } from '../../server/documents/buildXlsx';
import { storeObjectDefinition } from '../../server/records/objectDefinitions';
import { DEMO_OBJECT_DEFINITIONS } from '../../server/seed/demoRecords';
import { pingsDuring, type PingReport } from '../../server/testing/pingsDuring';
import { testConfig } from '../../server/testing/startTestServer';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import { setUpTestServer } from '../helpers/setUpTestServer';
import type { IdentityClient } from './identityClient';
import { multipartBody, type TestFile } from './uploadForm';
import { deflatedEntry, writeZip, zeroEntry } from './zipWriter';

/** The fill time limit of this suite: far below what three nested loops of 60 items need. */
const FILL_LIMIT_MS = 1_000;

/** Records of the download test: the download cap itself. */
const EXPORT_ROWS = 100_000;

/** Rows per insert statement when filling the records of the download test. */
const FILL_BATCH = 5_000;

/**
 * An Office file whose extra part is 200 MiB of zeros (a few hundred KiB deflated) with
 * its local header and central directory both claiming 10 bytes: a reader that trusts the
 * declared sizes sees a small file.
 */
function lyingZip(office: Buffer, padding: string): Buffer {
  const parts = Object.entries(unzipSync(office)).map(([name, data]) => deflatedEntry(name, data));
  return writeZip([...parts, { ...zeroEntry(padding, 200), declaredSize: 10 }]);
}

/** The pings kept being answered while the work ran, and quickly. */
function expectAnswering(report: PingReport<unknown>): void {
  // One completed ping per 250 ms of work at least (they are sent every 20 ms): a main thread
  // held for the work's length would complete one or two in all.
  expect(report.latencies.length).toBeGreaterThanOrEqual(
    Math.max(3, Math.floor(report.elapsedMs / 250)),
  );
  expect(report.medianMs).toBeLessThan(100);
}

describe('no upload, template or export stalls the server', () => {
  const suite = setUpTestServer({
    config: {
      documents: {
        ...testConfig().documents,
        fill: { timeMs: FILL_LIMIT_MS, heapMb: 256 },
      },
    },
  });
  let priya: IdentityClient;
  let claire: IdentityClient;
  let lucas: IdentityClient;

  beforeAll(async () => {
    [priya, claire, lucas] = await Promise.all([
      signIn(suite.server, EMAIL.pnair),
      signIn(suite.server, EMAIL.cdubois),
      signIn(suite.server, EMAIL.lmartin),
    ]);
  });

  /** A call every other user makes: its answer time is the main thread's responsiveness. */
  const ping = async () => {
    const response = await call(lucas, 'GET', IdentityPath.systemSettings);
    if (response.statusCode >= 500) throw new Error(`ping answered ${response.statusCode}`);
  };

  const uploadTemplate = async (name: string, file: TestFile) => {
    const { body, contentType } = await multipartBody({ scope: ProcessType.customer, name }, file);
    return priya.request({
      method: 'POST',
      url: DocumentPath.adminTemplates,
      body,
      headers: { 'content-type': contentType },
    });
  };

  it.each([
    ['docx', buildDocx([{ text: 'Dear {customerName}' }]), 'word/media/image1.bin'],
    ['xlsx', buildXlsx('Summary', [['Customer', '{customerName}']]), 'xl/media/image1.bin'],
  ])(
    'given a %s template whose zip lies about its sizes, when uploaded, then it is refused as too large and pings keep being answered',
    async (kind, office, padding) => {
      const liar = lyingZip(office, padding);
      expect(liar.length).toBeLessThan(1024 * 1024);
      const report = await pingsDuring(ping, () =>
        uploadTemplate(`Liar ${kind}`, { name: `liar.${kind}`, content: liar }),
      );
      expect(report.result.statusCode, report.result.body).toBe(422);
      expect(report.result.json<ErrorBody>()).toMatchObject({
        code: ErrorCode.templateInvalid,
        details: [{ path: '/file', code: TemplateRefusal.tooLarge }],
      });
      expectAnswering(report);
      // And the server is whole afterwards: an honest template of the same kind is taken.
      const honest = await uploadTemplate(`Honest ${kind}`, {
        name: `ok.${kind}`,
        content: office,
      });
      expect(honest.statusCode, honest.body).toBe(200);
      expect(honest.json<TemplateAnswer>().data.name).toBe(`Honest ${kind}`);
    },
  );

  it('given a template of three nested loops over a 60-item list, when generated, then its time limit stops it with a translated refusal and pings keep being answered', async () => {
    const { db } = suite.server.database;
    await storeCustomers(db);
    await db
      .insertInto('object_records')
      .values({
        tenant: 'internal',
        id: 'CUS-LOOPS',
        key: 'customers',
        version: 1,
        data: JSON.stringify({
          fullName: 'Loop Tester',
          items: Array.from({ length: 60 }, (_, index) => ({ name: `item ${index}` })),
        }),
      })
      .execute();
    const template = await db
      .insertInto('document_templates')
      .values({
        id: '5f0c6d1e-3a1b-4c55-9d1e-7a2b3c4d5e6f',
        tenant: 'internal',
        scope: 'customers',
        name: 'Cubed loops',
        document_type: 'document',
        content: buildDocx(
          ['{#items}', '{#items}', '{#items}', '{name}', '{/items}', '{/items}', '{/items}'].map(
            (text) => ({ text }),
          ),
        ),
        created_by: 'system',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const report = await pingsDuring(ping, () =>
      call(claire, 'POST', DocumentPath.generate, {
        templateId: template.id,
        contentId: 'CUS-LOOPS',
        documentType: 'document',
      }),
    );
    expect(report.result.statusCode, report.result.body).toBe(422);
    expect(report.result.json<ErrorBody>()).toMatchObject({
      code: ErrorCode.templateInvalid,
      details: [{ path: '/file', code: TemplateRefusal.tooSlow }],
    });
    expectAnswering(report);
  }, 60_000);

  it('given 100,000 records (the download cap), when downloaded, then the xlsx is built off the main thread and pings keep being answered', async () => {
    const { db } = suite.server.database;
    await storeCustomers(db);
    // In batches: one statement of 100,000 rows can outlast the database deadline on a
    // loaded machine, and the deadline is what this suite's server runs under.
    for (let first = 1; first < EXPORT_ROWS; first += FILL_BATCH) {
      const last = Math.min(first + FILL_BATCH - 1, EXPORT_ROWS - 1);
      await sql`
      INSERT INTO object_records (tenant, id, key, version, data)
      SELECT 'internal', 'CUS-BULK-' || lpad(n::text, 6, '0'), 'customers', 1,
        jsonb_build_object(
          'customerId', 'CUS-BULK-' || n,
          'fullName', 'Customer ' || n,
          'nationality', (ARRAY['PT', 'FR', 'ES', 'DE'])[1 + n % 4],
          'email', 'customer' || n || '@example.com',
          'phone', '+351 9' || lpad(n::text, 8, '0'),
          'address', jsonb_build_object('city', 'Lisbon', 'country', 'PT'),
          'politicallyExposed', n % 7 = 0,
          'riskScore', n % 100)
      FROM generate_series(${first}::int, ${last}::int) AS n
    `.execute(db);
    }
    const report = await pingsDuring(ping, () =>
      call(claire, 'POST', RecordsPath.download('customers', 1), {
        filterParams: [],
        searchType: 'exact',
      }),
    );
    expect(report.result.statusCode, report.result.body.slice(0, 300)).toBe(200);
    // A zip (xlsx) of the 100,000 rows: several megabytes.
    expect(report.result.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(report.result.rawPayload.length).toBeGreaterThan(2 * 1024 * 1024);
    expectAnswering(report);
  }, 120_000);
});

/** The demo's customers object, so records and templates of `customers` have a definition. */
async function storeCustomers(db: Parameters<typeof storeObjectDefinition>[0]): Promise<void> {
  const customers = DEMO_OBJECT_DEFINITIONS.find((definition) => definition.key === 'customers');
  if (!customers) throw new Error('The demo has no customers object.');
  await storeObjectDefinition(db, 'internal', customers);
}
