import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DUE_DATE_FLAG_COLORS, dueDateFlag, formatDueDate } from '../dates/dueDateFlag';

/** Props of {@link DueDateContent}. */
export interface DueDateContentProps {
  /** The due date (ISO), or null. */
  dueDate: string | null;
  /** Whether the task carries the 'new' marker. */
  isNew: boolean;
}

/**
 * The due-date cell (spec 000 section 2): a colour flag (slate, red, green, grey or blue),
 * the date as YYYY-MM-DD and the 'new' marker. The flag's meaning is also given in words for
 * screen readers and on hover, so colour is never the only signal.
 */
export function DueDateContent({ dueDate, isNew }: DueDateContentProps) {
  const { t } = useTranslation();
  const flag = dueDateFlag(dueDate);
  const meaning = t(`dashboard.dueFlag.${flag}`);
  return (
    <span className="tessera-due" title={meaning} data-flag={flag}>
      <span
        className="tessera-due__flag"
        style={{ backgroundColor: DUE_DATE_FLAG_COLORS[flag] }}
        aria-hidden
      />
      <span className="tessera-due__date">{formatDueDate(dueDate)}</span>
      <span className="tessera-visually-hidden">{meaning}</span>
      {isNew && <span className="tessera-due__dot" title={t('dashboard.newMarker')} aria-hidden />}
      {isNew && (
        <Tag minimal intent="primary" round className="tessera-due__new">
          {t('dashboard.newMarker')}
        </Tag>
      )}
    </span>
  );
}
