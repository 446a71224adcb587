import { readMoment } from './readMoment';

/**
 * A report's date (spec 001 section 9): `DD/MMM/YYYY` in the user's language, with `HH:mm`
 * for loan applications; '--' when there is none or it cannot be read. Spanish and French
 * abbreviations lose their final dot ('nov.'), which would stand oddly before the slash.
 */
export function formatReportDate(
  moment: string | null | undefined,
  language: string,
  withTime = false,
): string {
  const local = readMoment(moment, language);
  if (!local) return '--';
  const month = local.format('MMM').replace(/\.$/, '');
  const day = `${local.format('DD')}/${month}/${local.format('YYYY')}`;
  return withTime ? `${day} ${local.format('HH:mm')}` : day;
}
