import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatListDate, type Translate } from '../core/format';
import {
  CalendarIcon,
  ChevronForwardIcon,
  ErrorIcon,
  MinusIcon,
  TimeIcon,
} from '@blueprintjs/icons';
import { DUE_DATE_FLAG_COLORS, dueDateFlag, type DueDateFlag } from '../dates/dueDateFlag';

/** Props of {@link DueDateContent}. */
export interface DueDateContentProps {
  /** The due date (ISO), or null. */
  dueDate: string | null;
  /** Whether the task carries the 'new' marker. */
  isNew: boolean;
  /**
   * The translate function. Given by the table, which has one for all its rows, so a cell
   * needs no hook of its own; without it the component asks i18next itself.
   */
  t?: Translate;
}

/** The Blueprint classes of a minimal, round, primary tag, without Tag's extra work per row. */
const NEW_TAG_CLASS = [
  Classes.TAG,
  Classes.MINIMAL,
  Classes.ROUND,
  Classes.INTENT_PRIMARY,
  'tessera-due__new',
].join(' ');

/**
 * The due-date cell (spec 000 section 2): a flag of its own shape and colour (slate, red,
 * green, grey or blue), the date as YYYY-MM-DD and the 'new' marker. The flag's meaning is
 * also given in words for screen readers and on hover, so colour is never the only signal.
 */
export function DueDateContent({ dueDate, isNew, t }: DueDateContentProps) {
  return t ? (
    <DueDateView dueDate={dueDate} isNew={isNew} t={t} />
  ) : (
    <TranslatedDueDate dueDate={dueDate} isNew={isNew} />
  );
}

function TranslatedDueDate({ dueDate, isNew }: Omit<DueDateContentProps, 't'>) {
  const { t } = useTranslation();
  return <DueDateView dueDate={dueDate} isNew={isNew} t={t} />;
}

/**
 * A shape for each flag, so its meaning never rests on colour alone (overdue red and
 * due-today green are as bright as each other): a warning, a clock, a calendar, a chevron, a dash.
 */
const FLAG_ICONS: Record<DueDateFlag, typeof ErrorIcon> = {
  past: ErrorIcon,
  today: TimeIcon,
  thisWeek: CalendarIcon,
  later: ChevronForwardIcon,
  none: MinusIcon,
};

function DueDateView({ dueDate, isNew, t }: Required<DueDateContentProps>) {
  const flag = dueDateFlag(dueDate);
  const meaning = t(`dashboard.dueFlag.${flag}`);
  const FlagIcon = FLAG_ICONS[flag];
  return (
    <span className="tessera-due" title={meaning} data-flag={flag}>
      <FlagIcon
        className="tessera-due__flag"
        size={14}
        color={DUE_DATE_FLAG_COLORS[flag]}
        aria-hidden
      />
      <span className="tessera-due__date">{formatListDate(dueDate)}</span>
      <span className="tessera-visually-hidden">{meaning}</span>
      {isNew && <span className="tessera-due__dot" title={t('dashboard.newMarker')} aria-hidden />}
      {isNew && (
        <span className={NEW_TAG_CLASS}>
          <span className={`${Classes.FILL} ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>
            {t('dashboard.newMarker')}
          </span>
        </span>
      )}
    </span>
  );
}
