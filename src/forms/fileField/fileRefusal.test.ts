import { describe, expect, it } from 'vitest';
import { FileRefusal } from '../../../schemas/api/filesConstants';
import { fileRefusal } from './fileRefusal';

/** A refusal as the HTTP client rejects with it: a status and the body's detail codes. */
const refused = (status: number, ...codes: string[]) => ({
  status,
  details: codes.map((code) => ({ code })),
});

describe('fileRefusal', () => {
  it('names a spreadsheet the store would not read before its 413', () => {
    expect(fileRefusal(refused(413, FileRefusal.spreadsheetTooLarge))).toBe('spreadsheet');
    expect(fileRefusal(refused(413, FileRefusal.spreadsheetTooManyCells))).toBe('spreadsheet');
    expect(fileRefusal(refused(422, FileRefusal.spreadsheetTooSlow))).toBe('spreadsheet');
  });

  it('reads a file too large by its status or its code', () => {
    expect(fileRefusal(refused(413))).toBe('tooLarge');
    expect(fileRefusal(refused(400, FileRefusal.tooLarge))).toBe('tooLarge');
  });

  it('tells an unreadable file from one of a type not allowed, both answered with a 415', () => {
    expect(fileRefusal(refused(415, FileRefusal.unreadable))).toBe('unreadable');
    expect(fileRefusal(refused(415, FileRefusal.typeNotAllowed))).toBe('typeNotAllowed');
    expect(fileRefusal(refused(415))).toBe('typeNotAllowed');
  });

  it('gives none for a failure that is no refusal', () => {
    expect(fileRefusal(refused(500))).toBeNull();
    expect(fileRefusal(new Error('offline'))).toBeNull();
    expect(fileRefusal(undefined)).toBeNull();
  });
});
