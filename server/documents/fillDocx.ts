import Docxtemplater from 'docxtemplater';
import { TemplateRefusal } from '../../schemas/api/documentsConstants';
import type PizZip from 'pizzip';
import { openOfficeZip, templateRefused } from './officeZip';
import type { TemplateValues } from './templateValues';

/** docxtemplater with its default parser: a tag is a look-up of an own property, nothing runs. */
function templater(content: Buffer): Docxtemplater {
  const { zip, kind } = openOfficeZip(content);
  if (kind !== 'docx') throw templateRefused(TemplateRefusal.notOffice, 'This is not a docx.');
  return templaterOf(zip);
}

function templaterOf(zip: PizZip): Docxtemplater {
  try {
    return new Docxtemplater(zip, {
      paragraphLoop: true,
      linebreaks: true,
      // A tag without a value renders nothing (the default writes "undefined").
      nullGetter: () => '',
      // Refusals are answered to the administrator; the log keeps only the error handler's line.
      errorLogging: false,
    });
  } catch (error) {
    throw templateRefused(TemplateRefusal.brokenTemplate, templateProblem(error));
  }
}

/** docxtemplater's own account of a broken template, for the administrator. */
function templateProblem(error: unknown): string {
  type Explained = { message?: string; properties?: { explanation?: string } };
  const problem = error as Explained & { properties?: { errors?: Explained[] } };
  const cause = problem.properties?.errors?.[0] ?? problem;
  const first = cause.properties?.explanation ?? cause.message;
  return first ? `The template cannot be filled: ${first}` : 'The template cannot be filled.';
}

/** Checks that an opened docx is a template docxtemplater can fill (unbalanced tags are refused). */
export function checkDocxTemplate(zip: PizZip): void {
  templaterOf(zip);
}

/**
 * Fills a docx template with `values` (spec 001 section 4, document generation). Tags look
 * values up by name: `{customerName}`; `{#tasks}...{/tasks}` repeats for each item. A tag
 * naming something `values` does not own, `{constructor}` say, renders nothing.
 */
export function fillDocx(content: Buffer, values: TemplateValues): Buffer {
  const doc = templater(content);
  try {
    doc.render(values);
  } catch (error) {
    throw templateRefused(TemplateRefusal.brokenTemplate, templateProblem(error));
  }
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
