import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  RecordsPath,
  type ObjectDefinitionsAnswer,
  type RecordAnswer,
  type RecordQueryAnswer,
  type RecordQueryBody,
} from '../../schemas/api/records';
import type { ErrorBody } from '../../schemas/api/common';
import { DEMO_RECORD_COUNTS, ACME_CUSTOMER_COUNT } from '../../server/seed/demoRecords';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import type { IdentityClient } from './identityClient';
import { seedRecordsForTenants } from '../helpers/seedRecordsForTenants';
import { setUpTestServer } from '../helpers/setUpTestServer';

const CUSTOMERS = RecordsPath.query('customers', 1);

/** A list request of every field, first page of 10, exact search, as the records screen sends. */
function query(overrides: Partial<RecordQueryBody> = {}): RecordQueryBody {
  return {
    page: 0,
    pageSize: 10,
    filterParams: [],
    properties: [],
    requestType: 'ALL_PROPERTIES',
    filterApproach: 'exact',
    ...overrides,
  };
}

describe('business-object records', () => {
  const suite = setUpTestServer();
  let claire: IdentityClient;
  let lucas: IdentityClient;
  let ana: IdentityClient;

  beforeAll(async () => {
    const { db } = suite.server.database;
    await seedRecordsForTenants(db);
    claire = await signIn(suite.server, EMAIL.cdubois);
    lucas = await signIn(suite.server, EMAIL.lmartin);
    ana = await signIn(suite.server, EMAIL.asouza, 'acme');
  }, 300_000);

  const page = async (client: IdentityClient, body: unknown, url = CUSTOMERS) => {
    const response = await call(client, 'POST', url, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RecordQueryAnswer>().result;
  };
  const refusal = async (client: IdentityClient, body: unknown, url = CUSTOMERS) => {
    const response = await call(client, 'POST', url, body);
    return { status: response.statusCode, body: response.json<ErrorBody>() };
  };

  it('given the demo objects, when the analyst lists definitions, then customers, loans and collateral come with labels, colours and forms', async () => {
    const response = await call(claire, 'GET', RecordsPath.definitions);
    expect(response.statusCode).toBe(200);
    const definitions = response.json<ObjectDefinitionsAnswer>().result;
    expect(definitions.map((d) => d.key)).toEqual(['collateral', 'customers', 'loans']);
    expect(definitions.find((d) => d.key === 'loans')).toMatchObject({
      label: { en: 'Loans', es: 'Préstamos', fr: 'Prêts' },
      colour: '#238551',
      otherData: { cutFormId: 'CUT-loan-review' },
    });
  });

  it('given no filter, when a page is asked for, then the newest records come first with the total count', async () => {
    const result = await page(claire, query());
    expect(result.totalElements).toBe(DEMO_RECORD_COUNTS.customers);
    expect(result.content).toHaveLength(10);
    expect(result.content[0]?.id).toBe(`CUS-0${DEMO_RECORD_COUNTS.customers}`);
    const created = result.content.map((row) => row.created);
    expect([...created].sort().reverse()).toEqual(created);
    const second = await page(claire, query({ page: 1, pageSize: 25 }));
    expect(second.content).toHaveLength(25);
    expect(second.content[0]?.id).toBe(`CUS-0${DEMO_RECORD_COUNTS.customers - 25}`);
  });

  it('given an exact and a partial filter, when listed, then only matching records come back', async () => {
    const exact = await page(
      claire,
      query({ filterParams: [{ key: 'nationality', value: 'PT' }], pageSize: 50 }),
    );
    expect(exact.totalElements).toBeGreaterThan(0);
    expect(exact.content.every((row) => row.data.nationality === 'PT')).toBe(true);

    const partial = await page(
      claire,
      query({
        filterParams: [{ key: 'fullName', value: 'garcía' }],
        filterApproach: 'partial',
        pageSize: 50,
      }),
    );
    expect(partial.totalElements).toBeGreaterThan(0);
    expect(partial.content.every((row) => String(row.data.fullName).includes('García'))).toBe(true);

    // An exact search for part of a name finds nothing.
    const exactPart = await page(
      claire,
      query({ filterParams: [{ key: 'fullName', value: 'García' }] }),
    );
    expect(exactPart.totalElements).toBe(0);

    // A row may override the search mode.
    const mixed = await page(
      claire,
      query({ filterParams: [{ key: 'fullName', value: 'garcía', comparisonType: 'partial' }] }),
    );
    expect(mixed.totalElements).toBe(partial.totalElements);
  });

  it('given typed fields, when filtered, then numbers, booleans and dates match by their type', async () => {
    const risky = await page(
      claire,
      query({ filterParams: [{ key: 'riskScore', value: '42' }], pageSize: 50 }),
    );
    expect(risky.totalElements).toBeGreaterThan(0);
    expect(risky.content.every((row) => row.data.riskScore === 42)).toBe(true);

    const exposed = await page(
      claire,
      query({ filterParams: [{ key: 'politicallyExposed', value: 'true' }], pageSize: 50 }),
    );
    expect(exposed.totalElements).toBeGreaterThan(0);
    expect(exposed.content.every((row) => row.data.politicallyExposed === true)).toBe(true);

    const [sample] = (await page(claire, query())).content;
    const born = String(sample?.data.dateOfBirth);
    const [year, month, day] = born.split('-');
    const byDay = await page(
      claire,
      query({ filterParams: [{ key: 'dateOfBirth', value: `${day}/${month}/${year}` }] }),
    );
    expect(byDay.content.map((row) => row.id)).toContain(sample?.id);
    expect(byDay.content.every((row) => row.data.dateOfBirth === born)).toBe(true);
    const byMonth = await page(
      claire,
      query({ filterParams: [{ key: 'dateOfBirth', value: `${year}-${month}` }], pageSize: 50 }),
    );
    expect(
      byMonth.content.every((row) => String(row.data.dateOfBirth).startsWith(`${year}-${month}`)),
    ).toBe(true);
    const byDayOfYear = await page(
      claire,
      query({ filterParams: [{ key: 'dateOfBirth', value: `${month}-${day}` }], pageSize: 50 }),
    );
    expect(
      byDayOfYear.content.every((row) => String(row.data.dateOfBirth).endsWith(`-${month}-${day}`)),
    ).toBe(true);
  });

  it('given a sort on a field, when listed both ways, then the values come in that order', async () => {
    const up = await page(
      claire,
      query({ sortParams: { param: 'riskScore', direction: 'ASC' }, pageSize: 50 }),
    );
    const scores = up.content.map((row) => Number(row.data.riskScore));
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    expect(scores[0]).toBe(1);
    const down = await page(
      claire,
      query({ sortParams: { param: 'customerId', direction: 'DESC' }, pageSize: 50 }),
    );
    const ids = down.content.map((row) => String(row.data.customerId));
    expect(ids).toEqual([...ids].sort().reverse());
    expect(ids[0]).toBe(`CUS-0${DEMO_RECORD_COUNTS.customers}`);
  });

  it('given a properties list, when listed, then only those fields come back; the request type must fit the list', async () => {
    const some = await page(
      claire,
      query({ properties: ['fullName', 'email'], requestType: 'PROPERTIES' }),
    );
    for (const row of some.content) {
      expect(Object.keys(row.data).every((key) => key === 'fullName' || key === 'email')).toBe(
        true,
      );
    }
    const empty = await refusal(claire, query({ properties: [], requestType: 'PROPERTIES' }));
    expect(empty.status).toBe(400);
    expect(empty.body.details?.[0]?.code).toBe('records.propertyCount');
    const many = Array.from({ length: 51 }, () => 'fullName');
    const tooMany = await refusal(claire, query({ properties: many, requestType: 'PROPERTIES' }));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details?.[0]?.code).toBe('records.propertyCount');
    // More than 50 properties switch the request type, which answers every field.
    const switched = await page(claire, query({ properties: many, requestType: 'ALL_PROPERTIES' }));
    expect(Object.keys(switched.content[0]?.data ?? {})).toContain('riskScore');
    const unknown = await refusal(
      claire,
      query({ properties: ['salary'], requestType: 'PROPERTIES' }),
    );
    expect(unknown.body.details?.[0]).toMatchObject({
      code: 'records.unknownColumn',
      params: { column: 'salary' },
    });
  });

  it('given bad input, when listed, then each is refused with 400 and a stable code', async () => {
    const column = await refusal(claire, query({ filterParams: [{ key: 'salary', value: '1' }] }));
    expect(column.status).toBe(400);
    expect(column.body.details).toEqual([
      { path: 'filterParams/0/key', code: 'records.unknownColumn', params: { column: 'salary' } },
    ]);
    const sort = await refusal(
      claire,
      query({ sortParams: { param: 'created', direction: 'DESC' } }),
    );
    expect(sort.status).toBe(400);
    expect(sort.body.details?.[0]?.code).toBe('records.sortNotAField');
    const size = await refusal(claire, { ...query(), pageSize: 10_000 });
    expect(size.status).toBe(400);
    expect(size.body.code).toBe('VALIDATION_ERROR');
    const number = await refusal(
      claire,
      query({ filterParams: [{ key: 'riskScore', value: 'high' }] }),
    );
    expect(number.body.details?.[0]?.code).toBe('records.badNumber');
    const date = await refusal(
      claire,
      query({ filterParams: [{ key: 'dateOfBirth', value: '2024-02-30' }] }),
    );
    expect(date.body.details?.[0]?.code).toBe('records.badDate');
    const extra = await refusal(claire, { ...query(), orderBy: 'id; drop table object_records' });
    expect(extra.status).toBe(400);
    const unknownObject = await refusal(claire, query(), RecordsPath.query('salaries', 1));
    expect(unknownObject.status).toBe(404);
    // Filter text is data, never SQL or a LIKE wildcard.
    const wildcard = await page(
      claire,
      query({ filterParams: [{ key: 'fullName', value: '%' }], filterApproach: 'partial' }),
    );
    expect(wildcard.totalElements).toBe(0);
  });

  it('given a user without access-bo, when any records call is made, then it is refused with 403', async () => {
    const calls = [
      call(lucas, 'GET', RecordsPath.definitions),
      call(lucas, 'GET', RecordsPath.definition('customers', 1)),
      call(lucas, 'POST', CUSTOMERS, query()),
      call(lucas, 'POST', RecordsPath.download('customers', 1), {
        filterParams: [],
        searchType: 'exact',
      }),
      call(lucas, 'GET', RecordsPath.record('customers', 1, 'CUS-00001')),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(403);
      expect(response.json<ErrorBody>().code).toBe('INSUFFICIENT_PRIVILEGES');
    }
  });

  it('given another tenant, when its analyst lists the same key, then only that tenant’s records are seen', async () => {
    const own = await page(ana, query({ pageSize: 50 }));
    expect(own.totalElements).toBe(ACME_CUSTOMER_COUNT);
    expect(own.content.every((row) => row.id.startsWith('ACM-'))).toBe(true);
    const foreign = await call(ana, 'GET', RecordsPath.record('customers', 1, 'CUS-00001'));
    expect(foreign.statusCode).toBe(404);
    const loans = await call(ana, 'POST', RecordsPath.query('loans', 1), query());
    expect(loans.statusCode).toBe(404);
  });

  it('given a record, when opened, then it comes with its data version and the form it opens in', async () => {
    const response = await call(claire, 'GET', RecordsPath.record('customers', 1, 'CUS-00007'));
    expect(response.statusCode).toBe(200);
    const { record, form } = response.json<RecordAnswer>().result;
    expect(record).toMatchObject({ id: 'CUS-00007', key: 'customers', version: 1, dataVersion: 1 });
    expect(record.data.customerId).toBe('CUS-00007');
    expect(form).toMatchObject({ formId: 'DSG-customer-onboarding', kind: 'designer' });
    expect(form?.parts).toHaveLength(1);

    const loan = (
      await call(claire, 'GET', RecordsPath.record('loans', 1, 'LN-00001'))
    ).json<RecordAnswer>().result;
    expect(loan.form?.kind).toBe('combined');
    expect(loan.form?.parts.map((part) => part.formId)).toEqual([
      'DSG-loan-application',
      'DSG-customer-onboarding',
      'loan-review-decision',
    ]);
    const missing = await call(claire, 'GET', RecordsPath.record('customers', 1, 'LN-00001'));
    expect(missing.statusCode).toBe(404);
  });

  it('given a definition whose form is not stored, when a record is opened, then the form is null', async () => {
    const { db } = suite.server.database;
    await db
      .updateTable('object_definitions')
      .set({ other_data: JSON.stringify({ formId: 'no-such-form' }) })
      .where('tenant', '=', 'acme')
      .where('key', '=', 'customers')
      .execute();
    const response = await call(ana, 'GET', RecordsPath.record('customers', 1, 'ACM-00001'));
    expect(response.statusCode).toBe(200);
    expect(response.json<RecordAnswer>().result.form).toBeNull();
  });

  it('given records added and removed, when the unfiltered list is asked for, then its kept total follows', async () => {
    const { db } = suite.server.database;
    const before = (await page(ana, query())).totalElements;
    await db
      .deleteFrom('object_records')
      .where('tenant', '=', 'acme')
      .where('id', 'in', ['ACM-00001', 'ACM-00002'])
      .execute();
    expect((await page(ana, query())).totalElements).toBe(before - 2);
    await db
      .insertInto('object_records')
      .values({
        tenant: 'acme',
        id: 'ACM-90000',
        key: 'customers',
        version: 1,
        data: JSON.stringify({ fullName: 'New One' }),
      })
      .execute();
    const after = await page(ana, query());
    expect(after.totalElements).toBe(before - 1);
    expect(after.content[0]?.id).toBe('ACM-90000');
    // The filtered count agrees with the kept one.
    const filtered = await page(
      ana,
      query({ filterParams: [{ key: 'fullName', value: 'New One' }] }),
    );
    expect(filtered.totalElements).toBe(1);
  });

  it('given a filtered list, when downloaded, then the xlsx is named after the label and holds its rows, typed by field', async () => {
    const filterParams = [{ key: 'nationality', value: 'FR' }];
    const listed = await page(claire, query({ filterParams, pageSize: 50 }));
    const response = await claire.request({
      method: 'POST',
      url: RecordsPath.download('customers', 1),
      body: { filterParams, searchType: 'exact', locale: 'es' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('Clientes.xlsx');
    const book = XLSX.read(response.rawPayload, { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0] ?? ''];
    if (!sheet) throw new Error('no sheet');
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: true, defval: '' });
    expect(rows[0]?.[1]).toBe('Nombre completo');
    expect(rows).toHaveLength(listed.totalElements + 1);
    expect(rows[1]?.[0]).toBe(listed.content[0]?.id);
    // Text is text, scores are numbers and the exposure flag a boolean.
    const types = new Set(
      Object.keys(sheet)
        .filter((name) => !name.startsWith('!'))
        .map((name) => (sheet[name] as XLSX.CellObject).t),
    );
    expect([...types].sort()).toEqual(['b', 'n', 's']);
    const bad = await claire.request({
      method: 'POST',
      url: RecordsPath.download('customers', 1),
      body: { filterParams: [{ key: 'salary', value: '1' }], searchType: 'exact' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
