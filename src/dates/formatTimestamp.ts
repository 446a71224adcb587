import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';

dayjs.extend(localizedFormat);

/**
 * The shared timestamp of comments (spec 001 section 9) in the user's language: 'Apr 5, 2026
 * 3:04 PM', '5 de abr de 2026 15:04', '5 avr. 2026 15:04'; '--' when the moment cannot be read.
 * The locale is chosen per call, so dayjs's global locale stays untouched.
 */
export function formatTimestamp(moment: string | null | undefined, language: string): string {
  if (!moment) return '--';
  const date = dayjs(moment);
  if (!date.isValid()) return '--';
  return date.locale(language).format('lll');
}
