// How values are written for people: every screen, report and document reads its dates,
// numbers, amounts and percentages from here, so each has one form per language.
export { DATE_FORMAT, formatDate } from './formatDate';
export { DATE_TIME_FORMAT, formatDateTime } from './formatDateTime';
export { formatListDate } from './formatListDate';
export { formatStamp } from './formatStamp';
export { formatReportDate } from './formatReportDate';
export { formatTimestamp } from './formatTimestamp';
export {
  AgeUnit,
  formatRelativeAge,
  relativeAge,
  type RelativeAge,
  type Translate,
} from './formatRelativeAge';
export {
  THOUSANDS_SEPARATOR,
  decimalSeparatorOf,
  formatNumber,
  shownNumberText,
  typedNumberText,
} from './formatNumber';
export { DEFAULT_CURRENCY, formatAmount } from './formatAmount';
export { formatPercent } from './formatPercent';
export { readMoment } from './readMoment';
