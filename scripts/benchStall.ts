// Measures how the server answers while heavy or hostile work runs: a template upload whose
// zip lies about its sizes (docx and xlsx), an uploaded spreadsheet that does the same, a
// template of three nested loops over a 60-item list, and the records download of many rows.
// For each it prints the work's time and outcome, the pings (a signed-in call every 20 ms):
// count, median and max, and the main thread's longest event-loop delay.
// Usage: npm run bench:stall [-- --rows N] [--fill-ms N]
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { DocumentPath } from '../schemas/api/documents';
import { IdentityPath } from '../schemas/api/identity';
import { ProcessType } from '../schemas/api/processes';
import { RecordsPath } from '../schemas/api/records';
import { buildDocx } from '../server/documents/buildDocx';
import { buildXlsx } from '../server/documents/buildXlsx';
import { checkFileContent } from '../server/files/checkFileContent';
import { storeObjectDefinition } from '../server/records/objectDefinitions';
import { DEMO_OBJECT_DEFINITIONS } from '../server/seed/demoRecords';
import { pingsDuring } from '../server/testing/pingsDuring';
import { startTestServer, testConfig } from '../server/testing/startTestServer';
import { call, EMAIL, signIn } from '../server/workflow/testing/taskTestKit';
import { multipartBody } from '../tests/integration/uploadForm';
import { deflatedEntry, writeZip, zeroEntry } from '../tests/integration/zipWriter';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const ROWS = option('rows', 100_000);
const FILL_MS = option('fill-ms', 15_000);

/** An Office file with 200 MiB of zeros added, its headers claiming 10 bytes. */
function lyingZip(office: Buffer, padding: string): Buffer {
  const parts = Object.entries(unzipSync(office)).map(([name, data]) => deflatedEntry(name, data));
  return writeZip([...parts, { ...zeroEntry(padding, 200), declaredSize: 10 }]);
}

const base = testConfig();
const server = await startTestServer({
  config: { documents: { ...base.documents, fill: { timeMs: FILL_MS, heapMb: 256 } } },
});
try {
  const { db } = server.database;
  const [priya, claire, lucas] = await Promise.all([
    signIn(server, EMAIL.pnair),
    signIn(server, EMAIL.cdubois),
    signIn(server, EMAIL.lmartin),
  ]);
  const ping = () => call(lucas, 'GET', IdentityPath.systemSettings);

  const measure = async (name: string, work: () => Promise<string>) => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const report = await pingsDuring(ping, work);
    delay.disable();
    console.log(
      `${name}: ${report.result} in ${Math.round(report.elapsedMs)} ms; ` +
        `${report.latencies.length} pings, median ${report.medianMs.toFixed(1)} ms, ` +
        `max ${report.maxMs.toFixed(1)} ms; event loop max delay ${(delay.max / 1e6).toFixed(1)} ms`,
    );
  };

  const upload = async (name: string, content: Buffer) => {
    const form = await multipartBody(
      { scope: ProcessType.customer, name },
      { name: `${name}.bin`, content },
    );
    const response = await priya.request({
      method: 'POST',
      url: DocumentPath.adminTemplates,
      body: form.body,
      headers: { 'content-type': form.contentType },
    });
    return `${response.statusCode} ${response.body.slice(0, 120)}`;
  };

  const docx = buildDocx([{ text: 'Dear {customerName}' }]);
  const xlsx = buildXlsx('Summary', [['Customer', '{customerName}']]);
  // Built before measuring: writing 200 MiB of zeros' checksum is the bench's work, not the server's.
  const docxLiar = lyingZip(docx, 'word/media/image1.bin');
  const xlsxLiar = lyingZip(xlsx, 'xl/media/image1.bin');
  await measure('lying docx template', () => upload('liar-docx', docxLiar));
  await measure('lying xlsx template', () => upload('liar-xlsx', xlsxLiar));
  await measure('lying xlsx upload', async () => {
    try {
      await checkFileContent('spreadsheet', xlsxLiar, server.app.config.files);
      return 'accepted';
    } catch (error) {
      return `refused: ${(error as Error).message}`;
    }
  });

  const customers = DEMO_OBJECT_DEFINITIONS.find((definition) => definition.key === 'customers');
  if (!customers) throw new Error('The demo has no customers object.');
  await storeObjectDefinition(db, 'internal', customers);
  await db
    .insertInto('object_records')
    .values({
      tenant: 'internal',
      id: 'CUS-LOOPS',
      key: 'customers',
      version: 1,
      data: JSON.stringify({
        items: Array.from({ length: 60 }, (_, index) => ({ name: `item ${index}` })),
      }),
    })
    .execute();
  const template = await db
    .insertInto('document_templates')
    .values({
      id: '0b7c9a52-4a8e-4f0e-9a57-1f2e3d4c5b6a',
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
  await measure(`three nested loops over 60 items (limit ${FILL_MS} ms)`, async () => {
    const response = await call(claire, 'POST', DocumentPath.generate, {
      templateId: template.id,
      contentId: 'CUS-LOOPS',
      documentType: 'document',
    });
    return `${response.statusCode} ${response.body.slice(0, 120)}`;
  });

  await sql`
    INSERT INTO object_records (tenant, id, key, version, data)
    SELECT 'internal', 'CUS-BULK-' || lpad(n::text, 6, '0'), 'customers', 1,
      jsonb_build_object('customerId', 'CUS-BULK-' || n, 'fullName', 'Customer ' || n,
        'email', 'customer' || n || '@example.com', 'riskScore', n % 100)
    FROM generate_series(1, ${ROWS - 1}) AS n
  `.execute(db);
  await measure(`records download of ${ROWS} rows`, async () => {
    const response = await call(claire, 'POST', RecordsPath.download('customers', 1), {
      filterParams: [],
      searchType: 'exact',
    });
    return `${response.statusCode}, ${(response.rawPayload.length / 1024 / 1024).toFixed(1)} MiB`;
  });
} finally {
  await server.close();
}
