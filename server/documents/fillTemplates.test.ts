import { zipSync } from 'fflate';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../schemas/api/common';
import { TemplateRefusal } from '../../schemas/api/documentsConstants';
import { buildDocx, docxText } from './buildDocx';
import { buildXlsx } from './buildXlsx';
import { fillDocx } from './fillDocx';
import { fillXlsx, inertText } from './fillXlsx';
import { toTemplateValues } from './templateValues';

describe('fillDocx', () => {
  it('given tags and a loop, then values are looked up by name and the loop repeats', () => {
    const template = buildDocx([
      { text: 'Applicant: {applicantName}', kind: 'title' },
      { text: 'Amount: {loanAmount} {currency}' },
      { text: '{#tasks}' },
      { text: '{taskName} by {completedBy}' },
      { text: '{/tasks}' },
    ]);
    const filled = fillDocx(
      template,
      toTemplateValues({
        applicantName: 'Ana <Souza> & Co',
        loanAmount: 25000,
        currency: 'EUR',
        tasks: [
          { taskName: 'Intake', completedBy: 'Lucas Martin' },
          { taskName: 'Approval', completedBy: 'María García' },
        ],
      }),
    );
    const text = docxText(filled);
    expect(text).toContain('Applicant: Ana <Souza> & Co');
    expect(text).toContain('Amount: 25000 EUR');
    expect(text).toContain('Intake by Lucas Martin');
    expect(text).toContain('Approval by María García');
  });

  it('given tags naming what the values do not own, then they render nothing and run nothing', () => {
    const template = buildDocx([
      { text: 'A[{constructor.constructor}]' },
      { text: 'B[{constructor}]' },
      { text: 'C[{__proto__}]' },
      { text: 'D[{toString}]' },
      { text: 'E[{missing}]' },
      { text: 'F[{process.mainModule}]' },
    ]);
    const filled = fillDocx(template, toTemplateValues({ name: 'x' }));
    expect(docxText(filled)).toEqual(['A[]', 'B[]', 'C[]', 'D[]', 'E[]', 'F[]']);
  });

  it('given an unbalanced loop, then the template is refused with a clear code', () => {
    const template = buildDocx([{ text: '{#tasks} never closed' }]);
    expect(() => fillDocx(template, toTemplateValues({}))).toThrow(
      expect.objectContaining({ code: ErrorCode.templateInvalid, statusCode: 422 }),
    );
    expect(() => fillDocx(template, toTemplateValues({}))).toThrow(/tasks/);
  });

  it('given a zip whose directory says it is small but which unpacks past the limit, then it is refused as too large', () => {
    // 60 MiB of zeros in a zip of some 60 KiB whose headers say its one part is 1 KiB.
    const bomb = Buffer.from(zipSync({ 'word/document.xml': new Uint8Array(60 * 1024 * 1024) }));
    const central = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(1024, central + 24);
    bomb.writeUInt32LE(1024, 22);
    expect(() => fillDocx(bomb, toTemplateValues({}))).toThrow(
      expect.objectContaining({
        code: ErrorCode.templateInvalid,
        details: [{ path: '/file', code: TemplateRefusal.tooLarge }],
      }),
    );
  });
});

describe('fillXlsx', () => {
  it('given tag cells, then text becomes a string cell, a lone number a number cell, and no cell starts a formula', () => {
    const template = buildXlsx('Summary', [
      ['Field', 'Value'],
      ['Customer', '{customerName}'],
      ['Amount', '{loanAmount}'],
      ['Note', '{note}'],
      ['Unknown', '{constructor}'],
      ['Total', 'kept as it is'],
    ]);
    const filled = fillXlsx(
      template,
      toTemplateValues({ customerName: 'Ana Souza', loanAmount: 1200, note: '=HYPERLINK("x")' }),
    );
    const sheet = XLSX.read(filled, { type: 'buffer', cellFormula: true }).Sheets['Summary'];
    expect(sheet?.['B2']).toMatchObject({ t: 's', v: 'Ana Souza' });
    expect(sheet?.['B3']).toMatchObject({ t: 'n', v: 1200 });
    expect(sheet?.['B4']).toMatchObject({ t: 's', v: `'=HYPERLINK("x")` });
    expect(sheet?.['B4']?.f).toBeUndefined();
    expect(sheet?.['B5']).toMatchObject({ t: 's', v: '' });
    expect(sheet?.['B6']).toMatchObject({ v: 'kept as it is' });
  });

  it('prefixes every formula-starting character', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(inertText(`${start}1+1`)).toBe(`'${start}1+1`);
    }
    expect(inertText('1+1')).toBe('1+1');
  });
});
