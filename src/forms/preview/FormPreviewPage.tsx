import {
  Button,
  Callout,
  Card,
  FormGroup,
  HTMLSelect,
  NonIdealState,
  SegmentedControl,
  Spinner,
  TextArea,
} from '@blueprintjs/core';
import { AlignLeftIcon, ErrorIcon, LockIcon, PlayIcon, WarningSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Privilege } from '../../../schemas/api/identityConstants';
import { localizeText } from '../../core/forms/compiler/localizeText';
import { isLanguage, LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from '../../i18n/languages';
import { Paths } from '../../routing/paths';
import { RemoteLoadingStatus } from '../../stores/statuses';
import { formIdOfPreviewAddress } from '../../tasks/newTabTarget';
import { useStores } from '../../stores/useStores';
import type { FormServices } from '../registry/formServices';
import { BREAKPOINTS } from '../runtime/planGrid';
import { createUsersSource } from '../taskPage/createUsersSource';
import { FormPreviewStore, type FormPreviewApi } from './FormPreviewStore';
import { PreviewFindings } from './PreviewFindings';
import { PreviewFrame } from './PreviewFrame';
import { splitCombinedForm } from './splitCombinedForm';
import './FormPreview.css';

/** Props of {@link FormPreviewPage}. */
export interface FormPreviewPageProps {
  /** Other server calls than the app's (tests). */
  readonly api?: FormPreviewApi;
}

/**
 * The author preview at `/forms/preview` (access-test): a definition editor with the
 * tenant's stored forms to start from, what the compiler said, and the form rendered at
 * desktop, tablet and phone widths side by side in a chosen language. Staff without
 * access-test see why they cannot use it; the server refuses its calls to them as well.
 */
export const FormPreviewPage = observer(function FormPreviewPage({ api }: FormPreviewPageProps) {
  const { session } = useStores();
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!session.hasPrivilege(Privilege.accessTest)) {
    return (
      <div className="tessera-page tfp-page">
        <NonIdealState
          className="tfp-not-allowed"
          icon={<LockIcon size={40} />}
          title={t('preview.notAllowed.title')}
          description={t('preview.notAllowed.body')}
          action={
            <Button
              intent="primary"
              text={t('shell.backToDashboard')}
              onClick={() => void navigate(Paths.home)}
            />
          }
        />
      </div>
    );
  }
  return <AuthorPreview {...(api ? { api } : {})} />;
});

const AuthorPreview = observer(function AuthorPreview({ api }: FormPreviewPageProps) {
  const { preferences } = useStores();
  const { t } = useTranslation();
  const [store] = useState(() => new FormPreviewStore(preferences.language, api));
  // The pickers search the task page's directory, so an author tries them on real staff
  // and groups (only staff with access-task enter the app, and the directory needs no more).
  const [services] = useState<FormServices>(() => ({ usersSource: createUsersSource() }));

  useEffect(() => {
    void store.loadForms();
    return () => store.dispose();
  }, [store]);
  // Opened in a new tab for one form (spec 001 section 2): that form is picked at once.
  const { pathname, search } = useLocation();
  const addressedFormId = formIdOfPreviewAddress(pathname, search);
  useEffect(() => {
    if (addressedFormId) void store.pick(addressedFormId);
  }, [store, addressedFormId]);

  const form = store.result?.form ?? null;
  const parts = useMemo(() => (form ? splitCombinedForm(form) : []), [form]);
  const compiling = store.compileStatus === RemoteLoadingStatus.loading;

  return (
    <div className="tessera-page tfp-page">
      <header className="tfp-header">
        <p className="tfp-header__intro">{t('preview.intro')}</p>
        <FormGroup label={t('preview.language')} className="tfp-language">
          <SegmentedControl
            role="radiogroup"
            aria-label={t('preview.language')}
            options={SUPPORTED_LANGUAGES.map((language) => ({
              value: language,
              label: LANGUAGE_NAMES[language],
            }))}
            value={store.locale}
            onValueChange={(value) => {
              if (isLanguage(value)) store.setLocale(value);
            }}
          />
        </FormGroup>
      </header>

      <div className="tfp-workbench">
        <Card className="tfp-editor">
          <FormGroup label={t('preview.picker.label')} labelFor="tfp-picker">
            <HTMLSelect
              id="tfp-picker"
              fill
              value={store.pickedId ?? ''}
              disabled={store.listStatus !== RemoteLoadingStatus.fullyLoaded}
              onChange={(event) => {
                if (event.currentTarget.value) void store.pick(event.currentTarget.value);
              }}
            >
              <option value="">
                {store.listStatus === RemoteLoadingStatus.loading
                  ? t('preview.picker.loading')
                  : t('preview.picker.none')}
              </option>
              {store.forms.map((summary) => (
                <option key={summary.id} value={summary.id}>
                  {summary.id}
                  {summary.name ? ` · ${localizeText(summary.name, store.locale)}` : ''}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          {store.listStatus === RemoteLoadingStatus.loadingFailed && (
            <Callout intent="warning" compact icon={<WarningSignIcon />}>
              {t('preview.picker.failed')}
            </Callout>
          )}
          {store.pickStatus === RemoteLoadingStatus.loadingFailed && (
            <Callout intent="warning" compact icon={<WarningSignIcon />}>
              {t('preview.picker.definitionFailed')}
            </Callout>
          )}
          <FormGroup
            label={t('preview.editor.label')}
            labelFor="tfp-definition"
            helperText={t('preview.editor.hint')}
            className="tfp-editor__group"
          >
            <TextArea
              id="tfp-definition"
              className="tfp-editor__text"
              fill
              spellCheck={false}
              autoComplete="off"
              autoCapitalize="off"
              placeholder={t('preview.editor.placeholder')}
              value={store.text}
              onChange={(event) => store.setText(event.currentTarget.value)}
              intent={store.jsonError ? 'danger' : 'none'}
              aria-invalid={store.jsonError !== null}
              aria-describedby={store.jsonError ? 'tfp-json-error' : undefined}
            />
          </FormGroup>
          {store.jsonError && (
            <Callout id="tfp-json-error" intent="danger" icon={<ErrorIcon />} role="alert">
              {t('preview.json.at', { ...store.jsonError })}
            </Callout>
          )}
          <div className="tfp-editor__actions">
            {compiling && (
              <span className="tfp-editor__busy" role="status">
                <Spinner size={14} /> {t('preview.editor.compiling')}
              </span>
            )}
            <Button
              variant="outlined"
              icon={<AlignLeftIcon />}
              text={t('preview.editor.format')}
              disabled={store.text.trim() === '' || store.jsonError !== null}
              onClick={() => store.format()}
            />
            <Button
              intent="primary"
              icon={<PlayIcon />}
              text={t('preview.editor.compile')}
              disabled={store.text.trim() === ''}
              onClick={() => void store.compileNow()}
            />
          </div>
        </Card>

        <div className="tfp-side">
          {store.compileStatus === RemoteLoadingStatus.loadingFailed && store.compileFailure && (
            <Callout intent="danger" icon={<ErrorIcon />} role="alert">
              <p>{t(`preview.failure.${store.compileFailure}`)}</p>
              <Button
                variant="outlined"
                text={t('preview.retry')}
                onClick={() => void store.compileNow()}
              />
            </Callout>
          )}
          {store.result ? (
            <PreviewFindings store={store} />
          ) : (
            <Card className="tfp-empty">
              <NonIdealState
                icon={<PlayIcon size={32} />}
                title={t('preview.empty.title')}
                description={t('preview.empty.body')}
              />
            </Card>
          )}
        </div>
      </div>

      {form && (
        <section
          className={`tfp-frames${store.isStale ? ' is-stale' : ''}`}
          aria-label={t('preview.frames')}
          aria-busy={compiling}
        >
          <div className="tfp-frames__head">
            <h2 className="tfp-frames__title">{t('preview.frames')}</h2>
            {store.isStale && <span className="tfp-frames__stale">{t('preview.stale')}</span>}
          </div>
          <div className="tfp-frames__row">
            {BREAKPOINTS.map((breakpoint) => (
              <PreviewFrame
                key={breakpoint}
                store={store}
                breakpoint={breakpoint}
                parts={parts}
                services={services}
              />
            ))}
          </div>
          {store.submission && (
            <Callout className="tfp-submission" intent="success" role="status">
              <p>
                {store.submission.draft
                  ? t('preview.draftSaved', { frame: t(`preview.${store.submission.breakpoint}`) })
                  : t('preview.submitted', {
                      outcome: store.submission.outcome,
                      frame: t(`preview.${store.submission.breakpoint}`),
                    })}
              </p>
              <pre className="tfp-submission__values">
                {JSON.stringify(store.submission.values, null, 2)}
              </pre>
            </Callout>
          )}
        </section>
      )}
    </div>
  );
});
