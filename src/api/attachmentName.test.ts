import { describe, expect, it } from 'vitest';
import { attachmentName } from './attachmentName';

describe('attachmentName', () => {
  it('reads the file name of an attachment header, plain or encoded', () => {
    expect(attachmentName('attachment; filename="report.csv"')).toBe('report.csv');
    expect(attachmentName("attachment; filename*=UTF-8''na%C3%AFve.pdf")).toBe('naïve.pdf');
  });

  it('gives none for a missing, empty, nameless or malformed header', () => {
    expect(attachmentName(undefined)).toBeUndefined();
    expect(attachmentName('')).toBeUndefined();
    expect(attachmentName('attachment')).toBeUndefined();
    expect(attachmentName('attachment; filename=')).toBeUndefined();
    expect(attachmentName('not a header;;')).toBeUndefined();
  });
});
