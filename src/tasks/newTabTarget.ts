import { COMBINED_PREFIX, DESIGNER_PREFIX } from '../../schemas/forms/formPrefixes';
import { Paths } from '../routing/paths';
import { taskPath } from './taskPaths';

/** Where the open-in-new-tab icon of a task or report points. */
export interface NewTabSource {
  /** The task's formKey (its form id), or null for a task without a form. */
  formKey: string | null;
  /** The task, for a task-form route. */
  taskId: string;
  /** Shown in a report (read-only, completed), not on the task page. */
  reportMode?: boolean;
}

/**
 * The address the open-in-new-tab icon opens (spec 001 section 2): a designer-built or
 * combined form goes to the form-designer route with its form id, where an author sees and
 * tries the definition; any other task goes to its task-form route. In report mode the form
 * page opens with the form id appended to its address.
 */
export function newTabTarget({ formKey, taskId, reportMode = false }: NewTabSource): string {
  const formId = formKey?.trim() ?? '';
  if (reportMode && formId !== '') return `${Paths.formPreview}/${encodeURIComponent(formId)}`;
  if (formId.startsWith(DESIGNER_PREFIX) || formId.startsWith(COMBINED_PREFIX)) {
    return `${Paths.formPreview}?formId=${encodeURIComponent(formId)}`;
  }
  return taskPath(taskId);
}

/** The form id an address of the form page carries, appended or as `?formId=`. */
export function formIdOfPreviewAddress(pathname: string, search: string): string | null {
  const prefix = `${Paths.formPreview}/`;
  if (pathname.startsWith(prefix) && pathname.length > prefix.length) {
    return decodeURIComponent(pathname.slice(prefix.length));
  }
  const fromQuery = new URLSearchParams(search).get('formId');
  return fromQuery && fromQuery.trim() !== '' ? fromQuery : null;
}
