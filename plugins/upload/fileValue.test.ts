import { describe, expect, it } from 'vitest';
import {
  fileIdsOfValue,
  fileValueFromStore,
  sanitizeFileValue,
  validateFileValue,
} from './fileValue';

const ID = '0b5f6c7e-1a2b-4c3d-8e9f-001122334455';

describe('upload field values', () => {
  it('given a stored file, when sanitised, then it keeps the id, the name and a spreadsheet’s rows only', () => {
    const rows = Array.from({ length: 30 }, (_, index) => [`row ${index}`, null]);
    const kept = sanitizeFileValue({ id: ID, fileName: 'a.xlsx', rows, rowCount: 30, extra: 1 });
    expect(kept).toEqual({ id: ID, fileName: 'a.xlsx', rows: rows.slice(0, 20), rowCount: 30 });
    expect(sanitizeFileValue(kept)).toEqual(kept);
    expect(validateFileValue(kept)).toEqual([]);
    expect(sanitizeFileValue({ id: ID, fileName: 'a.pdf' })).toEqual({ id: ID, fileName: 'a.pdf' });
  });

  it('given nothing, when sanitised, then the field is empty', () => {
    expect(sanitizeFileValue(null)).toBeNull();
    expect(sanitizeFileValue(' ')).toBeNull();
  });

  it('given anything but a file with a uuid id, when validated, then it is refused', () => {
    for (const raw of [ID, { id: 'not-a-uuid', fileName: 'a.pdf' }, { id: ID }, [ID], 7]) {
      expect(validateFileValue(sanitizeFileValue(raw))).toEqual([
        { code: 'validation.file.invalid', params: {} },
      ]);
    }
  });

  it('given a value, when asked for its files, then a stored file names its id and anything else none', () => {
    expect(fileIdsOfValue({ id: ID, fileName: 'a.pdf' })).toEqual([ID]);
    expect(fileIdsOfValue(null)).toEqual([]);
    expect(fileIdsOfValue('text')).toEqual([]);
  });

  it('given a stored spreadsheet, when its value is rebuilt from the store, then it holds the stored name, the first rows and the row count', () => {
    const rows = Array.from({ length: 25 }, (_, index) => [`row ${index}`, null]);

    const value = fileValueFromStore({
      id: ID,
      name: 'payslips.xlsx',
      spreadsheet: { rows, rowCount: 25 },
    });

    expect(value).toEqual({
      id: ID,
      fileName: 'payslips.xlsx',
      rows: rows.slice(0, 20),
      rowCount: 25,
    });
    expect(sanitizeFileValue(value)).toEqual(value);
  });

  it('given a stored file that is not a spreadsheet, when its value is rebuilt, then it holds the id and the stored name only', () => {
    expect(fileValueFromStore({ id: ID, name: 'bill.pdf', spreadsheet: null })).toEqual({
      id: ID,
      fileName: 'bill.pdf',
    });
  });
});
