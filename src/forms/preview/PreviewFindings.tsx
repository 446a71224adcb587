import { Callout, Card, Tag } from '@blueprintjs/core';
import { ErrorIcon, LinkIcon, TickCircleIcon, WarningSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { CompileFinding } from '../../api/formsApi';
import { localizeText } from '../../core/forms/compiler/localizeText';
import { defaultFieldRegistry } from '../registry/createFieldRegistry';
import { describeFinding } from './describeFinding';
import type { FormPreviewStore } from './FormPreviewStore';

/** Props of {@link PreviewFindings}. */
export interface PreviewFindingsProps {
  /** The preview whose last compile is shown. */
  readonly store: FormPreviewStore;
}

/** Props of {@link FindingList}. */
interface FindingListProps {
  /** The findings, in the compiler's order. */
  readonly findings: readonly CompileFinding[];
  /** How they are marked. */
  readonly severity: 'error' | 'warning';
}

function FindingList({ findings, severity }: FindingListProps) {
  const { t } = useTranslation();
  const translate = (key: string | string[], params?: Record<string, unknown>) =>
    String(t(key, params ?? {}));
  return (
    <ul className={`tfp-findings__list tfp-findings__list--${severity}`}>
      {findings.map((finding, index) => (
        <li key={`${finding.code}:${finding.path}:${index}`} className="tfp-finding">
          {severity === 'error' ? (
            <ErrorIcon className="tfp-finding__icon" />
          ) : (
            <WarningSignIcon className="tfp-finding__icon" />
          )}
          <div className="tfp-finding__body">
            <p className="tfp-finding__text">{describeFinding(finding, translate)}</p>
            <p className="tfp-finding__where">
              <code>{finding.code}</code>{' '}
              {finding.path === ''
                ? t('preview.findings.root')
                : t('preview.findings.at', { path: finding.path })}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * What the compiler said about the last definition: its kind, name and size, the schema
 * errors that stop it rendering, the warnings it rendered despite, and whether each form a
 * combined task names is stored in this tenant.
 */
export const PreviewFindings = observer(function PreviewFindings({ store }: PreviewFindingsProps) {
  const { t } = useTranslation();
  const result = store.result;
  if (!result) return null;
  const form = result.form;
  const fieldCount = form?.sections.reduce((sum, section) => sum + section.fields.length, 0) ?? 0;
  // The compiler's warnings, then what only the registry sees: types no plugin renders yet.
  const warnings: CompileFinding[] = form
    ? [...result.warnings, ...defaultFieldRegistry().check(form)]
    : [];

  return (
    // The card scrolls past 520 px: as a named region in the tab order, keyboard users can
    // scroll it too.
    <Card
      className="tfp-findings"
      role="region"
      tabIndex={0}
      aria-label={t('preview.findings.region')}
      data-testid="preview-findings"
    >
      <div className="tfp-findings__summary">
        <Tag minimal intent="primary">
          {t(`preview.kind.${result.kind}`)}
        </Tag>
        {form && (
          <>
            <strong className="tfp-findings__name">
              {localizeText(form.name, store.locale) || form.id}
            </strong>
            <span className="tfp-findings__counts">
              {t('preview.fieldCount', { count: fieldCount })} ·{' '}
              {t('preview.sectionCount', { count: form.sections.length })}
            </span>
          </>
        )}
      </div>

      {store.jsonError && (
        // What follows describes an older text: it must not read as a verdict on this one.
        <Callout intent="warning" icon={<WarningSignIcon />} compact data-testid="findings-stale">
          {t('preview.findings.invalidJson')}
        </Callout>
      )}

      {result.errors.length > 0 && (
        <section className="tfp-findings__group">
          <h3 className="tfp-findings__heading">
            {t('preview.findings.errors')} <Tag intent="danger">{result.errors.length}</Tag>
          </h3>
          <Callout intent="danger" icon={<ErrorIcon />} compact>
            {t('preview.findings.refused')}
          </Callout>
          <FindingList findings={result.errors} severity="error" />
        </section>
      )}

      {result.form && (
        <section className="tfp-findings__group">
          <h3 className="tfp-findings__heading">
            {t('preview.findings.warnings')}{' '}
            <Tag intent={warnings.length > 0 ? 'warning' : 'success'}>{warnings.length}</Tag>
          </h3>
          {warnings.length > 0 ? (
            <FindingList findings={warnings} severity="warning" />
          ) : (
            // "Compiles cleanly" is only said of the text in the editor.
            !store.jsonError && (
              <p className="tfp-findings__clean">
                <TickCircleIcon /> {t('preview.findings.clean')}
              </p>
            )
          )}
        </section>
      )}

      {result.refs.length > 0 && (
        <section className="tfp-findings__group">
          <h3 className="tfp-findings__heading">{t('preview.refs.title')}</h3>
          <ul className="tfp-refs">
            {result.refs.map((ref) => (
              <li key={ref.ref} className={`tfp-refs__item${ref.resolved ? '' : ' is-unresolved'}`}>
                {ref.resolved ? <LinkIcon /> : <WarningSignIcon />}
                <span>
                  {ref.resolved
                    ? t('preview.refs.resolved', { ref: ref.ref, version: ref.version })
                    : t('preview.refs.unresolved', { ref: ref.ref })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </Card>
  );
});
