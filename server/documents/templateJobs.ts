import type { DocumentType } from '../../schemas/api/documents';
import { checkDocxTemplate, fillDocx } from './fillDocx';
import { checkXlsxTemplate, fillXlsx } from './fillXlsx';
import { openOfficeZip, type OfficeKind } from './officeZip';
import type { TemplateValues } from './templateValues';

/**
 * Checks a template upload and says what it is: the zip is measured once, then a docx must
 * be a template docxtemplater can fill and an xlsx a workbook SheetJS reads. Runs on a job
 * thread (server/jobs/jobs.ts), as reading a file is where a hostile one does its harm.
 */
export function checkTemplate(content: Buffer): OfficeKind {
  const { zip, kind } = openOfficeZip(content);
  if (kind === 'docx') checkDocxTemplate(zip);
  else checkXlsxTemplate(content);
  return kind;
}

/** Fills a template of either type with the values; runs on a job thread, like checkTemplate. */
export function fillTemplate(
  content: Buffer,
  documentType: DocumentType,
  values: TemplateValues,
): Buffer {
  return documentType === 'document' ? fillDocx(content, values) : fillXlsx(content, values);
}
