import { Button, Callout, FileInput, FormGroup, Spinner, Tag } from '@blueprintjs/core';
import {
  CrossIcon,
  ErrorIcon,
  TickCircleIcon,
  UploadIcon,
  WarningSignIcon,
} from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { AdminDrawer, AdminDrawerPanel } from '../../components/AdminDrawer';
import { IconButton } from '../../components/IconButton';
import { SavingStatus } from '../../stores/statuses';
import { describePlace, describeProblem } from './describeProblem';
import type { DeploymentProblem } from '../../api/processDeploymentsApi';
import {
  BPMN_EXTENSIONS,
  CheckStatus,
  FORM_EXTENSIONS,
  type ProcessDeploymentsStore,
} from './ProcessDeploymentsStore';

/** Props of {@link DeployProcessDrawer}. */
export interface DeployProcessDrawerProps {
  /** The screen's state: the chosen files, the check and the deploy. */
  readonly store: ProcessDeploymentsStore;
  /** Whether the drawer takes the whole width (a phone). */
  readonly fullWidth: boolean;
  /** Where the focus goes once it has closed: the button that opened it. */
  readonly returnFocusTo: () => HTMLElement | null;
}

/** Props of {@link ProblemList}. */
interface ProblemListProps {
  /** The problems, errors or warnings, in the server's order. */
  readonly problems: readonly DeploymentProblem[];
  /** How they are marked. */
  readonly severity: 'error' | 'warning';
}

function ProblemList({ problems, severity }: ProblemListProps) {
  const { t } = useTranslation();
  const translate = (key: string | string[], params?: Record<string, unknown>) =>
    String(t(key, params ?? {}));
  return (
    <ul className={`tessera-deploy__problems tessera-deploy__problems--${severity}`}>
      {problems.map((problem, index) => (
        <li
          key={`${problem.fileName}:${problem.code ?? ''}:${problem.elementId ?? problem.path ?? ''}:${index}`}
          className="tessera-deploy__problem"
        >
          {severity === 'error' ? (
            <ErrorIcon className="tessera-deploy__problem-icon" />
          ) : (
            <WarningSignIcon className="tessera-deploy__problem-icon" />
          )}
          <div>
            <p className="tessera-deploy__problem-text">{describeProblem(problem, translate)}</p>
            <p className="tessera-deploy__problem-where">
              <span className="tessera-deploy__file">{problem.fileName}</span>
              {' · '}
              {describePlace(problem, translate)}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The Deploy drawer of `/admin/processes`: the administrator picks a BPMN file and any form
 * files; the server checks them as soon as they are picked and every problem is listed
 * (errors, which stop the deploy, then warnings, which do not) before the Deploy button
 * does anything. The check's outcome is announced through the page's live region.
 */
export const DeployProcessDrawer = observer(function DeployProcessDrawer({
  store,
  fullWidth,
  returnFocusTo,
}: DeployProcessDrawerProps) {
  const { t } = useTranslation();
  const check = store.check;
  const deploying = store.deployStatus === SavingStatus.saving;
  const errorCount = store.errors.length + store.localProblems.length;

  return (
    <AdminDrawer
      isOpen={store.drawerOpen}
      onClose={() => store.closeDrawer()}
      title={t('process.deployments.drawer.title')}
      icon={<UploadIcon />}
      className="tessera-deploy"
      fullWidth={fullWidth}
      busy={deploying}
      returnFocusTo={returnFocusTo}
    >
      <AdminDrawerPanel
        intro={t('process.deployments.drawer.intro')}
        data-testid="deploy-process-form"
        onSubmit={() => void store.deploy()}
        footer={
          <>
            <Button
              variant="minimal"
              text={t('common.cancel')}
              disabled={deploying}
              onClick={() => store.closeDrawer()}
            />
            <Button
              type="submit"
              intent="primary"
              icon={<UploadIcon />}
              text={t('process.deployments.drawer.deploy')}
              disabled={!store.canDeploy && !deploying}
              loading={deploying}
              data-testid="deploy-submit"
            />
          </>
        }
      >
        <FormGroup
          label={t('process.deployments.drawer.bpmnFile')}
          labelFor="deploy-bpmn"
          helperText={t('process.deployments.drawer.bpmnHelp')}
        >
          <FileInput
            fill
            hasSelection={store.bpmn !== null}
            text={store.bpmn?.fileName ?? t('process.deployments.drawer.noFile')}
            buttonText={t('process.deployments.drawer.browse')}
            inputProps={{
              id: 'deploy-bpmn',
              accept: BPMN_EXTENSIONS.join(','),
              'aria-describedby': 'deploy-check-summary',
            }}
            onInputChange={(event) => {
              const file = event.currentTarget.files?.[0] ?? null;
              void store.chooseBpmn(file);
            }}
          />
        </FormGroup>
        <FormGroup
          label={t('process.deployments.drawer.formFiles')}
          labelFor="deploy-forms"
          helperText={t('process.deployments.drawer.formsHelp')}
        >
          <FileInput
            fill
            hasSelection={store.forms.length > 0}
            text={
              store.forms.length > 0
                ? t('process.deployments.drawer.formsChosen', { count: store.forms.length })
                : t('process.deployments.drawer.noFiles')
            }
            buttonText={t('process.deployments.drawer.browse')}
            inputProps={{
              id: 'deploy-forms',
              multiple: true,
              accept: FORM_EXTENSIONS.join(','),
            }}
            onInputChange={(event) => {
              const files = Array.from(event.currentTarget.files ?? []);
              void store.chooseForms(files);
            }}
          />
        </FormGroup>
        {store.forms.length > 0 && (
          <ul
            className="tessera-deploy__chosen"
            aria-label={t('process.deployments.drawer.chosenForms')}
          >
            {store.forms.map((form) => {
              const checked = check?.forms.find((item) => item.fileName === form.fileName);
              return (
                <li key={form.fileName} className="tessera-deploy__chosen-item">
                  <span className="tessera-deploy__file">{form.fileName}</span>
                  {checked?.formId && (
                    <Tag minimal className="tessera-deploy__form-id">
                      {checked.formId}
                    </Tag>
                  )}
                  <IconButton
                    variant="minimal"
                    size="small"
                    icon={<CrossIcon />}
                    label={t('process.deployments.drawer.removeForm')}
                    aria-label={t('process.deployments.drawer.removeFormNamed', {
                      fileName: form.fileName,
                    })}
                    onClick={() => void store.removeForm(form.fileName)}
                  />
                </li>
              );
            })}
          </ul>
        )}

        <section
          className="tessera-deploy__check"
          aria-labelledby="deploy-check-heading"
          data-testid="deploy-check"
        >
          <h3 id="deploy-check-heading" className="tessera-deploy__heading">
            {t('process.deployments.drawer.checkHeading')}
          </h3>
          <div id="deploy-check-summary">
            {store.checkStatus === CheckStatus.idle && store.localProblems.length === 0 && (
              <p className="tessera-deploy__muted">{t('process.deployments.drawer.pickFirst')}</p>
            )}
            {store.checkStatus === CheckStatus.checking && (
              <div className="tessera-deploy__checking">
                <Spinner size={16} aria-hidden />
                <span>{t('process.deployments.drawer.checking')}</span>
              </div>
            )}
            {store.failureKey !== null && (
              <Callout
                intent="danger"
                icon={<ErrorIcon />}
                compact
                title={
                  store.checkStatus === CheckStatus.failed
                    ? t('process.deployments.drawer.checkFailed')
                    : t('process.deployments.drawer.deployFailed')
                }
                data-testid="deploy-failure"
              >
                {t(store.failureKey)}
              </Callout>
            )}
            {store.localProblems.length > 0 && (
              <Callout intent="danger" icon={<ErrorIcon />} compact>
                <ul className="tessera-deploy__local">
                  {store.localProblems.map((problem, index) => (
                    <li key={`${problem.key}:${index}`}>{t(problem.key, problem.values)}</li>
                  ))}
                </ul>
              </Callout>
            )}
            {store.checkStatus === CheckStatus.checked && check && (
              <Callout
                intent={errorCount > 0 ? 'danger' : 'success'}
                icon={errorCount > 0 ? <ErrorIcon /> : <TickCircleIcon />}
                compact
                data-testid="deploy-verdict"
              >
                {errorCount > 0
                  ? t('process.deployments.drawer.blocked', { count: errorCount })
                  : t('process.deployments.drawer.ready', {
                      name: check.processName ?? '',
                      key: check.processKey ?? '',
                      version: check.nextVersion ?? 1,
                    })}
              </Callout>
            )}
          </div>
          {store.errors.length > 0 && (
            <>
              <h4 className="tessera-deploy__subheading">
                {t('process.deployments.drawer.errors')}{' '}
                <Tag intent="danger">
                  {t('process.deployments.count', { count: store.errors.length })}
                </Tag>
              </h4>
              <ProblemList problems={store.errors} severity="error" />
            </>
          )}
          {store.warnings.length > 0 && (
            <>
              <h4 className="tessera-deploy__subheading">
                {t('process.deployments.drawer.warnings')}{' '}
                <Tag intent="warning">
                  {t('process.deployments.count', { count: store.warnings.length })}
                </Tag>
              </h4>
              <p className="tessera-deploy__muted">
                {t('process.deployments.drawer.warningsHelp')}
              </p>
              <ProblemList problems={store.warnings} severity="warning" />
            </>
          )}
        </section>
      </AdminDrawerPanel>
    </AdminDrawer>
  );
});
