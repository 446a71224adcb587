import {
  Button,
  Callout,
  Card,
  FileInput,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Tag,
} from '@blueprintjs/core';
import { DocumentIcon, TrashIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_NAME_MAX_LENGTH } from '../../../schemas/api/documentsConstants';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeading } from '../../components/PageHeading';
import { RemoteList } from '../../components/RemoteList';
import { useMediaQuery } from '../../components/useMediaQuery';
import { localizeText } from '../../core/forms/compiler/localizeText';
import { formatDate } from '../../core/format';
import { useStores } from '../../stores/useStores';
import {
  templatesAdminApi,
  type AdminTemplate,
  type TemplateScope,
  type TemplatesAdminApi,
} from '../../api/templatesAdminApi';
import {
  TEMPLATE_EXTENSIONS,
  TemplatesAdminStore,
  type TemplateFormField,
} from './TemplatesAdminStore';
import { IconButton } from '../../components/IconButton';
import '../../styles/adminScreens.css';
import './templatesAdmin.css';

/** The report types' title keys, by the type as a scope names it. */
const REPORT_TITLE_KEYS: Readonly<Record<string, string>> = {
  LOAN: 'reports.title.loan',
  CUSTOMER: 'reports.title.customer',
  LOAN_APPLICATION: 'reports.title.loanApplication',
};

/** A scope's name in the user's language: an object's label, a report type's title. */
function useScopeLabel(): (scope: TemplateScope | string) => string {
  const { t, i18n } = useTranslation();
  return (scope) => {
    if (typeof scope === 'string') return scope;
    if (scope.kind === 'report') {
      const key = REPORT_TITLE_KEYS[scope.key];
      return key ? t(key) : scope.key;
    }
    return scope.label ? localizeText(scope.label, i18n.language) : scope.key;
  };
}

/** Props of {@link TemplatesAdminPage}: the calls, replaceable for a test. */
export interface TemplatesAdminPageProps {
  api?: TemplatesAdminApi;
}

/**
 * Below this window width the templates are cards, not a table: the six columns in French or
 * Spanish need about 640 px of page, which a 1280 px window zoomed to 200 % does not have.
 */
const TEMPLATE_TABLE_MIN_WINDOW_PX = 800;

/**
 * `/admin/templates` (access-admin): the tenant's document templates, which the Generate menus
 * of records and reports offer. An administrator adds a Word or Excel template for an object or
 * a report type, and removes one after a confirmation. A refused file is explained on its
 * field, in the user's language, and the form keeps what was entered.
 */
export const TemplatesAdminPage = observer(function TemplatesAdminPage({
  api = templatesAdminApi,
}: TemplatesAdminPageProps) {
  const { toasts } = useStores();
  const { t, i18n } = useTranslation();
  const [store] = useState(() => new TemplatesAdminStore(api, toasts));
  const scopeLabel = useScopeLabel();
  const cards = useMediaQuery(`(max-width: ${TEMPLATE_TABLE_MIN_WINDOW_PX - 1}px)`);
  const fileInput = useRef<HTMLInputElement>(null);
  const fields = {
    scope: useRef<HTMLSelectElement>(null),
    name: useRef<HTMLInputElement>(null),
    file: fileInput,
  };

  useEffect(() => {
    void store.load();
  }, [store]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const added = await store.add();
    if (added) {
      if (fileInput.current) fileInput.current.value = '';
      fields.name.current?.focus();
      return;
    }
    // Focus goes to the first field with a problem, so it is read out with its message.
    const first = (['scope', 'name', 'file'] as const).find((field) => store.problems[field]);
    if (first) fields[first].current?.focus();
  };

  const problemOf = (field: TemplateFormField) => {
    const key = store.problems[field];
    return key ? t(key) : undefined;
  };
  const describedBy = (field: TemplateFormField) =>
    store.problems[field] ? `template-${field}-problem` : undefined;
  const helper = (field: TemplateFormField, text?: string) => {
    const problem = problemOf(field);
    if (problem) return <span id={`template-${field}-problem`}>{problem}</span>;
    return text;
  };
  const intentOf = (field: TemplateFormField) => (store.problems[field] ? 'danger' : 'none');

  const objects = store.scopes.filter((scope) => scope.kind === 'object');
  const reports = store.scopes.filter((scope) => scope.kind === 'report');
  const scopeByKey = new Map(store.scopes.map((scope) => [scope.key, scope]));

  // A built-in template is used, not removed: no button (the server refuses it too).
  const removeButton = (template: AdminTemplate) =>
    template.builtIn ? null : (
      <IconButton
        variant="minimal"
        intent="danger"
        icon={<TrashIcon />}
        aria-label={t('document.admin.removeNamed', { name: template.name })}
        label={t('document.admin.remove')}
        onClick={() => store.askRemove(template)}
      />
    );
  const typeTag = (template: AdminTemplate) => (
    <Tag minimal intent={template.documentType === 'document' ? 'primary' : 'success'}>
      {t(`document.format.${template.documentType}`)}
    </Tag>
  );
  const facts = (template: AdminTemplate) => ({
    scope: scopeLabel(scopeByKey.get(template.scope) ?? template.scope),
    addedBy: template.createdBy ?? t('document.admin.builtIn'),
    addedOn: formatDate(template.createdAt, i18n.language),
  });

  return (
    <div className="tessera-page tessera-templates">
      <PageHeading>{t('document.admin.title')}</PageHeading>
      <p className="tessera-templates__intro">{t('document.admin.intro')}</p>

      <Card className="tessera-templates__add" compact>
        <h2 className="tessera-templates__subheading">{t('document.admin.addHeading')}</h2>
        <form noValidate onSubmit={(event) => void submit(event)} data-testid="template-form">
          {store.problems.form && (
            <Callout intent="danger" role="alert" className="tessera-templates__form-problem">
              {t(store.problems.form)}
            </Callout>
          )}
          <div className="tessera-templates__fields">
            <FormGroup
              label={t('document.admin.scope')}
              labelFor="template-scope"
              intent={intentOf('scope')}
              helperText={helper('scope')}
            >
              <HTMLSelect
                id="template-scope"
                ref={fields.scope}
                fill
                value={store.scope}
                aria-invalid={store.problems.scope ? true : undefined}
                aria-describedby={describedBy('scope')}
                onChange={(event) => store.setScope(event.currentTarget.value)}
              >
                <option value="">{t('document.admin.chooseScope')}</option>
                {objects.length > 0 && (
                  <optgroup label={t('document.admin.records')}>
                    {objects.map((scope) => (
                      <option key={scope.key} value={scope.key}>
                        {scopeLabel(scope)}
                      </option>
                    ))}
                  </optgroup>
                )}
                <optgroup label={t('document.admin.reports')}>
                  {reports.map((scope) => (
                    <option key={scope.key} value={scope.key}>
                      {scopeLabel(scope)}
                    </option>
                  ))}
                </optgroup>
              </HTMLSelect>
            </FormGroup>
            <FormGroup
              label={t('document.admin.name')}
              labelFor="template-name"
              intent={intentOf('name')}
              helperText={helper('name')}
            >
              <InputGroup
                id="template-name"
                inputRef={fields.name}
                value={store.name}
                maxLength={TEMPLATE_NAME_MAX_LENGTH}
                intent={intentOf('name')}
                aria-invalid={store.problems.name ? true : undefined}
                aria-describedby={describedBy('name')}
                onValueChange={(value) => store.setName(value)}
              />
            </FormGroup>
            <FormGroup
              label={t('document.admin.file')}
              labelFor="template-file"
              intent={intentOf('file')}
              helperText={helper('file', t('document.admin.fileHelp'))}
            >
              <FileInput
                fill
                hasSelection={store.file !== null}
                text={store.file?.name ?? t('document.admin.noFile')}
                buttonText={t('document.admin.browse')}
                inputProps={{
                  id: 'template-file',
                  ref: fileInput,
                  accept: TEMPLATE_EXTENSIONS.join(','),
                  'aria-invalid': store.problems.file ? true : undefined,
                  'aria-describedby': describedBy('file'),
                }}
                onInputChange={(event) => store.setFile(event.currentTarget.files?.[0] ?? null)}
              />
            </FormGroup>
          </div>
          <Button
            type="submit"
            intent="primary"
            loading={store.adding}
            text={t('document.admin.add')}
          />
        </form>
      </Card>

      <h2 id="templates-list-heading" className="tessera-templates__subheading">
        {t('document.admin.listHeading')}
      </h2>
      <RemoteList
        status={store.status}
        count={store.templates.length}
        onRetry={() => store.load()}
        failedTitle={t('document.admin.loadFailed')}
        loadingLabel={t('document.loadingTemplates')}
        empty={{ icon: <DocumentIcon size={40} />, title: t('document.noTemplates') }}
      >
        {/* A phone, or a desktop zoomed to 200 %, gets one card a template: six columns would
            not fit, and a table scrolled sideways hides the remove button. */}
        {cards ? (
          <ul
            className="tessera-admin__cards"
            aria-labelledby="templates-list-heading"
            data-testid="templates-cards"
          >
            {store.templates.map((template) => {
              const { scope, addedBy, addedOn } = facts(template);
              return (
                <li
                  key={template.id}
                  className="tessera-admin__card"
                  data-template-id={template.id}
                >
                  <div className="tessera-admin__card-head">
                    <h3 className="tessera-admin__card-title">{template.name}</h3>
                    {removeButton(template)}
                  </div>
                  <dl className="tessera-admin__card-facts">
                    <div>
                      <dt>{t('document.admin.column.scope')}</dt>
                      <dd>{scope}</dd>
                    </div>
                    <div>
                      <dt>{t('document.admin.column.type')}</dt>
                      <dd>{typeTag(template)}</dd>
                    </div>
                    <div>
                      <dt>{t('document.admin.column.addedBy')}</dt>
                      <dd>{addedBy}</dd>
                    </div>
                    <div>
                      <dt>{t('document.admin.column.addedOn')}</dt>
                      <dd>{addedOn}</dd>
                    </div>
                  </dl>
                </li>
              );
            })}
          </ul>
        ) : (
          <div className="tessera-admin__scroll">
            <HTMLTable
              className="tessera-admin__table"
              aria-labelledby="templates-list-heading"
              data-testid="templates-table"
            >
              <thead>
                <tr>
                  <th scope="col">{t('document.admin.column.name')}</th>
                  <th scope="col">{t('document.admin.column.scope')}</th>
                  <th scope="col">{t('document.admin.column.type')}</th>
                  <th scope="col">{t('document.admin.column.addedBy')}</th>
                  <th scope="col">{t('document.admin.column.addedOn')}</th>
                  <th scope="col">
                    <span className="bp6-text-muted">{t('document.admin.column.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {store.templates.map((template) => {
                  const { scope, addedBy, addedOn } = facts(template);
                  return (
                    <tr key={template.id} data-template-id={template.id}>
                      <th scope="row">{template.name}</th>
                      <td>{scope}</td>
                      <td>{typeTag(template)}</td>
                      <td>{addedBy}</td>
                      <td>{addedOn}</td>
                      <td>{removeButton(template)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </HTMLTable>
          </div>
        )}
      </RemoteList>

      <ConfirmDialog
        isOpen={store.removing !== null}
        title={t('document.admin.removeTitle')}
        message={t('document.admin.removeQuestion')}
        boldText={store.removing?.name}
        warningText={t('document.admin.removeWarning')}
        primaryText={t('document.admin.remove')}
        secondaryText={t('common.cancel')}
        primaryIntent="danger"
        busy={store.removeBusy}
        onConfirm={() => void store.confirmRemove()}
        onCancel={() => store.cancelRemove()}
        returnFocusTo={() => document.querySelector<HTMLElement>('.tessera-page-heading')}
      />
    </div>
  );
});
