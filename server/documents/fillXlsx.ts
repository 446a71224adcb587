import * as XLSX from 'xlsx';
import { TemplateRefusal } from '../../schemas/api/documentsConstants';
import { officeKind, templateRefused } from './officeZip';
import { valueText, type TemplateValues } from './templateValues';

/** A `{tag}` in a cell's text: a name of letters, digits and `_`. */
const TAG = /\{([A-Za-z_][A-Za-z0-9_]{0,99})\}/g;

/** The characters a spreadsheet reads as the start of a formula (and CSV injection uses). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text that no spreadsheet will take for a formula: one that starts like one gets a leading
 * apostrophe, as the exports of the product do.
 */
export function inertText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function readWorkbook(content: Buffer, measured = false): XLSX.WorkBook {
  // SheetJS unpacks every part at once: only a file measured first reaches it.
  const kind = measured ? 'xlsx' : officeKind(content);
  if (kind !== 'xlsx') throw templateRefused(TemplateRefusal.notOffice, 'This is not an xlsx.');
  try {
    return XLSX.read(content, { type: 'buffer', cellFormula: true, cellStyles: true });
  } catch {
    throw templateRefused(TemplateRefusal.brokenTemplate, 'The workbook cannot be read.');
  }
}

/** Checks that an xlsx already measured by officeKind is a workbook SheetJS reads, with a sheet. */
export function checkXlsxTemplate(content: Buffer): void {
  const workbook = readWorkbook(content, true);
  if (workbook.SheetNames.length === 0) {
    throw templateRefused(TemplateRefusal.brokenTemplate, 'The workbook has no sheet.');
  }
}

/** A cell whose whole text is one `{tag}`. */
const LONE_TAG = /^\{([A-Za-z_][A-Za-z0-9_]{0,99})\}$/;

/**
 * The typed cell of a cell that is one tag whose value is a number or a yes/no (a
 * `{name_raw}` tag, see readableValues.ts), so the sheet can compute with it; null otherwise.
 */
function typedCell(text: string, values: TemplateValues): XLSX.CellObject | null {
  const key = LONE_TAG.exec(text)?.[1];
  if (key === undefined || !Object.prototype.hasOwnProperty.call(values, key)) return null;
  const value = values[key];
  if (typeof value === 'number' && Number.isFinite(value)) return { t: 'n', v: value };
  if (typeof value === 'boolean') return { t: 'b', v: value };
  return null;
}

/**
 * Fills an xlsx template: in every sheet, each text cell holding `{tag}`s gets them replaced
 * by the values' text (unknown tags by nothing). A cell that is one tag holding a number or
 * a yes/no becomes a number or boolean cell; any other filled cell is a string cell whose
 * text cannot start a formula, whatever the value was. Cells without tags stay as they are.
 */
export function fillXlsx(content: Buffer, values: TemplateValues): Buffer {
  const workbook = readWorkbook(content);
  for (const name of workbook.SheetNames) {
    const sheet = workbook.Sheets[name];
    if (!sheet) continue;
    for (const [address, cell] of Object.entries(sheet)) {
      if (address.startsWith('!')) continue;
      const current = cell as XLSX.CellObject;
      if (current.t !== 's' || typeof current.v !== 'string' || !current.v.includes('{')) continue;
      const style = current.s ? { s: current.s } : {};
      const typed = typedCell(current.v, values);
      if (typed) {
        sheet[address] = { ...typed, ...style };
        continue;
      }
      const filled = current.v.replace(TAG, (_tag, key: string) =>
        Object.prototype.hasOwnProperty.call(values, key) ? valueText(values[key]) : '',
      );
      if (filled === current.v) continue;
      sheet[address] = { t: 's', v: inertText(filled), ...style };
    }
  }
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
