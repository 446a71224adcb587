import type { CompileFinding } from '../../api/formsApi';
import { describeFinding } from '../../forms/preview/describeFinding';
import type { DeploymentProblem } from '../../api/processDeploymentsApi';

type Translate = (key: string | string[], params?: Record<string, unknown>) => string;

/** The codes of the process-with-forms check, by their translation keys. */
const PROCESS_FORM_KEYS: Readonly<Record<string, string>> = {
  'processVariable.notWritten': 'process.deployments.problem.notWritten',
  'processVariable.notWrittenOnEveryPath': 'process.deployments.problem.notWrittenOnEveryPath',
  'processForm.notFound': 'process.deployments.problem.formNotFound',
};

/**
 * A deployment problem in the reader's words: a form's finding as the form preview says it,
 * a code of the process check or of the deployment by its key; the BPMN parser's own
 * sentence (it names the element, and has no code) as it wrote it.
 */
export function describeProblem(problem: DeploymentProblem, t: Translate): string {
  const code = problem.code;
  if (code !== null && code.startsWith('deployment.')) {
    return t(`process.deployments.problem.${code.slice('deployment.'.length)}`, problem.params);
  }
  if (problem.source === 'form' && code === 'schema.json') {
    return t('process.deployments.problem.notJson');
  }
  if (problem.source === 'form' && code !== null) {
    const finding: CompileFinding = { code, path: problem.path ?? '', params: problem.params };
    return describeFinding(finding, t);
  }
  const key = code === null ? undefined : PROCESS_FORM_KEYS[code];
  if (key) return t(key, { ...problem.params, element: problem.elementId ?? '' });
  return problem.message ?? code ?? '';
}

/** Where a problem is: the element (and attribute) of a BPMN file, the JSON path of a form. */
export function describePlace(problem: DeploymentProblem, t: Translate): string {
  if (problem.elementId !== null) {
    const element = t('process.deployments.where.element', {
      type: (problem.elementType ?? '').replace(/^bpmn:/, ''),
      id: problem.elementId,
    });
    return problem.attribute
      ? t('process.deployments.where.attribute', { element, attribute: problem.attribute })
      : element;
  }
  if (problem.path !== null && problem.path !== '') {
    return t('process.deployments.where.path', { path: problem.path });
  }
  return t('process.deployments.where.file');
}
