import { Button, FormGroup, InputGroup, SegmentedControl } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import type { FormEvent, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ObjectField } from '../../schemas/api/records';
import { ComparisonType } from '../../schemas/api/recordsConstants';
import { localizeText } from '../core/forms/compiler/localizeText';
import { BooleanFilterSelect } from './BooleanFilterSelect';
import { DictionaryFilterSelect } from './DictionaryFilterSelect';
import type { RecordsStore } from './RecordsStore';

/** Props of {@link RecordFilters}. */
export interface RecordFiltersProps {
  /** The list's state. */
  store: RecordsStore;
  /** The fields that can be filtered on. */
  fields: readonly ObjectField[];
}

/** A hint of what a field's filter takes, by its type. */
function hintKey(field: ObjectField): string | undefined {
  if (field.type === 'date') return 'records.hint.date';
  if (field.type === 'integer' || field.type === 'decimal') return 'records.hint.number';
  return undefined;
}

/**
 * The filter panel: one input per field, the search mode (exact by default, or partial),
 * Search and Clear. Enter in any input searches (spec 001 section 5); a value the column
 * cannot take is explained under it, with what was typed kept.
 */
export const RecordFilters = observer(function RecordFilters({
  store,
  fields,
}: RecordFiltersProps) {
  const { t, i18n } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void store.search();
  };
  // A select does not submit its form on Enter as a text input does; in this panel it
  // searches like every other filter (a select's list still opens with Alt+Down or Space).
  const searchOnEnterInSelect = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLSelectElement)) return;
    event.preventDefault();
    event.currentTarget.requestSubmit();
  };
  return (
    <form
      className="tessera-records__filters"
      onSubmit={submit}
      onKeyDown={searchOnEnterInSelect}
      aria-label={t('records.filtersLabel')}
      noValidate
    >
      <div className="tessera-records__mode">
        <span id="records-mode-label" className="tessera-records__mode-label">
          {t('records.searchMode')}
        </span>
        <SegmentedControl
          aria-labelledby="records-mode-label"
          size="small"
          value={store.searchMode}
          onValueChange={(value) => store.setSearchMode(value as ComparisonType)}
          options={[
            { label: t('records.mode.exact'), value: ComparisonType.exact },
            { label: t('records.mode.partial'), value: ComparisonType.partial },
          ]}
        />
      </div>
      <div className="tessera-records__filter-grid">
        {fields.map((field) => {
          const id = `records-filter-${field.key}`;
          const error = store.filterErrors[field.key];
          const hint = hintKey(field);
          return (
            <FormGroup
              key={field.key}
              label={localizeText(field.label, i18n.language)}
              labelFor={id}
              intent={error ? 'danger' : 'none'}
              helperText={error ? t(error) : hint ? t(hint) : undefined}
              className="tessera-records__filter"
            >
              {field.dictionary !== undefined ? (
                <DictionaryFilterSelect
                  id={id}
                  dictionary={field.dictionary}
                  value={store.filterDraft[field.key] ?? ''}
                  invalid={Boolean(error)}
                  onChange={(value) => store.setFilterValue(field.key, value)}
                />
              ) : field.type === 'boolean' ? (
                <BooleanFilterSelect
                  id={id}
                  value={store.filterDraft[field.key] ?? ''}
                  invalid={Boolean(error)}
                  onChange={(value) => store.setFilterValue(field.key, value)}
                />
              ) : (
                <InputGroup
                  id={id}
                  name={field.key}
                  value={store.filterDraft[field.key] ?? ''}
                  intent={error ? 'danger' : 'none'}
                  aria-invalid={error ? true : undefined}
                  onValueChange={(value) => store.setFilterValue(field.key, value)}
                  autoComplete="off"
                />
              )}
            </FormGroup>
          );
        })}
      </div>
      <div className="tessera-records__filter-actions">
        <Button type="button" variant="minimal" onClick={() => void store.clearFilters()}>
          {t('records.clearFilters')}
        </Button>
        <Button type="submit" intent="primary" icon="search">
          {t('records.search')}
        </Button>
      </div>
    </form>
  );
});
