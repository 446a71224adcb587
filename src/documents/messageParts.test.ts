import { describe, expect, it } from 'vitest';
import { fileNameParts, messageParts } from './messageParts';

describe('messageParts', () => {
  it('given a message that names its value in the middle, then the text on each side comes back', () => {
    expect(messageParts((value) => `Se generó y descargó ${value}.`)).toEqual({
      before: 'Se generó y descargó ',
      after: '.',
    });
  });

  it('given a message that starts with its value, then before is empty', () => {
    expect(messageParts((value) => `${value} a été généré et téléchargé.`)).toEqual({
      before: '',
      after: ' a été généré et téléchargé.',
    });
  });

  it('given a message without the value, then it is all before', () => {
    expect(messageParts(() => 'Done.')).toEqual({ before: 'Done.', after: '' });
  });
});

describe('fileNameParts', () => {
  it('given a report document, then its date prefix is cut off whole', () => {
    expect(fileNameParts('2026-11-24_Customer onboarding record.docx')).toEqual({
      datePrefix: '2026-11-24_',
      rest: 'Customer onboarding record.docx',
    });
  });

  it('given a record document or a date elsewhere, then there is no prefix', () => {
    expect(fileNameParts('Customer sheet CUS-2026-11.xlsx')).toEqual({
      datePrefix: '',
      rest: 'Customer sheet CUS-2026-11.xlsx',
    });
    expect(fileNameParts('2026-11-24.docx')).toEqual({ datePrefix: '', rest: '2026-11-24.docx' });
  });
});
