import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { readMoment } from './readMoment';

dayjs.extend(localizedFormat);

/**
 * The shared timestamp of comments (spec 001 section 9) in the user's language: 'Apr 5, 2026
 * 3:04 PM', '5 de abr de 2026 15:04', '5 avr. 2026 15:04'; '--' when the moment cannot be read.
 */
export function formatTimestamp(moment: string | null | undefined, language: string): string {
  return readMoment(moment, language)?.format('lll') ?? '--';
}
