import type { Survey, SurveyGroup, SurveySection } from './surveyFolder';

/** How many groups of each list are printed unless every one is asked for. */
export const SURVEY_TOP_GROUPS = 25;

/** Options of `formatSurvey`. */
export interface FormatSurveyOptions {
  /** Print every group, not only the largest `SURVEY_TOP_GROUPS`. */
  readonly all: boolean;
}

/**
 * The survey as text for a reader: the counts of each kind of file, then its warning kinds
 * and refusal reasons with the number of files each, largest first, then every crash with
 * its file and stack.
 */
export function formatSurvey(survey: Survey, options: FormatSurveyOptions): string {
  const lines: string[] = [];
  section(lines, 'BPMN files', survey.bpmn, options, false);
  lines.push('');
  section(lines, 'Form files', survey.forms, options, true);
  return `${lines.join('\n')}\n`;
}

function section(
  lines: string[],
  title: string,
  figures: SurveySection,
  options: FormatSurveyOptions,
  forms: boolean,
): void {
  lines.push(`${title}: ${figures.read} read`);
  if (forms) {
    lines.push(`  not JSON (HTML or text templates):      ${figures.notJson}`);
    lines.push(`  JSON but not a form:                    ${figures.notAForm}`);
  }
  lines.push(`  accepted without warnings:              ${figures.clean}`);
  lines.push(`  accepted with warnings:                 ${figures.withWarnings}`);
  lines.push(`  refused:                                ${figures.refused}`);
  lines.push(`  crashes:                                ${figures.crashed}`);
  if (figures.unreadable > 0) {
    lines.push(`  could not be read from disk:            ${figures.unreadable}`);
  }
  groups(lines, 'Warnings, files per kind', figures.warningKinds, options);
  groups(lines, 'Refused, files by first reason', figures.firstReasons, options);
  groups(lines, 'Refused, files by every reason', figures.everyReason, options);
  const crashes = figures.files.filter((file) => file.outcome === 'crashed');
  if (crashes.length > 0) {
    lines.push('', 'Crashes:');
    for (const crash of crashes) lines.push(`  ${crash.file}`, indent(crash.crash ?? '', '    '));
  }
}

function groups(
  lines: string[],
  title: string,
  list: readonly SurveyGroup[],
  options: FormatSurveyOptions,
): void {
  if (list.length === 0) return;
  const shown = options.all ? list : list.slice(0, SURVEY_TOP_GROUPS);
  lines.push('', `${title}:`);
  const width = String(list[0]?.files ?? 0).length;
  for (const entry of shown)
    lines.push(`  ${String(entry.files).padStart(width)}  ${entry.reason}`);
  if (shown.length < list.length) {
    lines.push(`  ... ${list.length - shown.length} more (--all prints every one)`);
  }
}

function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line) => `${prefix}${line.trim()}`)
    .join('\n');
}
