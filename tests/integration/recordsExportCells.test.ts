import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { RecordsPath, type ObjectDefinition } from '../../schemas/api/records';
import { storeObjectDefinition } from '../../server/records/objectDefinitions';
import { insertRecords } from '../../server/seed/demoRecords';
import { EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import { setUpTestServer } from '../helpers/setUpTestServer';
import type { IdentityClient } from './identityClient';

/** An applicant file with a field of every kind the download types. */
const APPLICANTS: ObjectDefinition = {
  key: 'applicantCells',
  version: 1,
  label: { en: 'Applicants', es: 'Solicitantes', fr: 'Demandeurs' },
  owner: 'back-office',
  colour: '#2d72d2',
  fields: [
    { key: 'name', label: 'Name', type: 'string', visibleInMobile: true, visibleInOthers: true },
    {
      key: 'document',
      label: { en: 'Document', es: 'Documento', fr: 'Pièce' },
      type: 'string',
      visibleInMobile: true,
      visibleInOthers: true,
      dictionary: 'identityDocuments',
    },
    {
      key: 'amount',
      label: 'Amount',
      type: 'decimal',
      visibleInMobile: true,
      visibleInOthers: true,
    },
    { key: 'score', label: 'Score', type: 'integer', visibleInMobile: true, visibleInOthers: true },
    { key: 'born', label: 'Born', type: 'date', visibleInMobile: true, visibleInOthers: true },
    { key: 'phone', label: 'Phone', type: 'string', visibleInMobile: true, visibleInOthers: true },
    { key: 'exposed', label: 'PEP', type: 'boolean', visibleInMobile: true, visibleInOthers: true },
  ],
  externalAnalysisUrl: null,
  otherData: {},
};

describe('the records download holds typed cells', () => {
  const suite = setUpTestServer();
  let claire: IdentityClient;

  beforeAll(async () => {
    const { db } = suite.server.database;
    await storeObjectDefinition(db, 'internal', APPLICANTS);
    await insertRecords(db, 'internal', APPLICANTS, [
      {
        id: 'APP-1',
        createdAt: new Date('2026-01-02T10:00:00Z'),
        data: {
          name: '=1+1',
          document: 'nationalId',
          amount: 307000.5,
          score: 12345,
          born: '1984-11-25',
          phone: '+34 600 123 456',
          exposed: true,
        },
      },
    ]);
    claire = await signIn(suite.server, EMAIL.cdubois);
  });

  it('given a record of every kind, when a French reader downloads it, then numbers and dates are typed, codes read as labels, the phone keeps its plus and a formula stays text', async () => {
    // When the list is downloaded in French.
    const response = await claire.request({
      method: 'POST',
      url: RecordsPath.download(APPLICANTS.key, 1),
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
      body: { filterParams: [], searchType: 'exact' },
    });
    expect(response.statusCode, response.body).toBe(200);

    // Then the file, read back, types each cell by its field.
    const book = XLSX.read(response.rawPayload, {
      type: 'buffer',
      cellNF: true,
      cellFormula: true,
    });
    expect(book.SheetNames).toEqual(['Demandeurs']);
    const sheet = book.Sheets.Demandeurs;
    if (!sheet) throw new Error('no sheet');
    const cell = (address: string) => sheet[address] as XLSX.CellObject;
    expect(cell('B1').v).toBe('Pièce');
    // A formula-like text is a neutralised text cell.
    expect(cell('A2')).toMatchObject({ t: 's', v: "'=1+1" });
    expect(cell('A2').f).toBeUndefined();
    // The dictionary code reads as its French label.
    expect(cell('B2')).toMatchObject({ t: 's', v: "Carte d'identité" });
    // Numbers are number cells whose format groups thousands.
    expect(cell('C2')).toMatchObject({ t: 'n', v: 307000.5, z: '#,##0.00' });
    expect(cell('D2')).toMatchObject({ t: 'n', v: 12345, z: '#,##0' });
    // The date is a date serial with a date format, 1984-11-25.
    expect(cell('E2')).toMatchObject({ t: 'n', z: 'yyyy-mm-dd', w: '1984-11-25' });
    expect(XLSX.SSF.parse_date_code(Number(cell('E2').v))).toMatchObject({ y: 1984, m: 11, d: 25 });
    // The phone number is text, without an apostrophe.
    expect(cell('F2')).toMatchObject({ t: 's', v: '+34 600 123 456' });
    // The flag is a boolean cell.
    expect(cell('G2')).toMatchObject({ t: 'b', v: true });
  });

  it('given the same list, when the body names Spanish, then the label is the Spanish one', async () => {
    const response = await claire.request({
      method: 'POST',
      url: RecordsPath.download(APPLICANTS.key, 1),
      headers: { 'accept-language': 'fr' },
      body: { filterParams: [], searchType: 'exact', locale: 'es' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const book = XLSX.read(response.rawPayload, { type: 'buffer' });
    expect(book.Sheets.Solicitantes?.B2?.v).toBe('DNI');
  });
});
