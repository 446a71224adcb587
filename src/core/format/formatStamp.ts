import dayjs from 'dayjs';

/**
 * A moment as text stored once for readers of every language (the fallback name of a new
 * instance): the lists' `YYYY-MM-DD` and the reports' `HH:mm`, in the writer's time zone
 * (`2026-11-27 22:33`), rather than a raw ISO timestamp.
 */
export function formatStamp(moment: Date): string {
  return dayjs(moment).format('YYYY-MM-DD HH:mm');
}
