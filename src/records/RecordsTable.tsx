import { HTMLTable, Spinner } from '@blueprintjs/core';
import { ArrowDownIcon, ArrowUpIcon, DoubleCaretVerticalIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { ObjectField } from '../../schemas/api/records';
import { SortDirection } from '../../schemas/api/recordsConstants';
import { localizeText } from '../core/forms/compiler/localizeText';
import { useStores } from '../stores/useStores';
import { recordFieldText } from './recordCellText';
import type { RecordsStore } from './RecordsStore';

/** Props of {@link RecordsTable}. */
export interface RecordsTableProps {
  /** The list's state. */
  store: RecordsStore;
  /** The columns shown (the fields visible at this width). */
  columns: readonly ObjectField[];
}

/** Numbers line up on the right, as in a ledger. */
function isNumeric(field: ObjectField): boolean {
  return field.type === 'integer' || field.type === 'decimal';
}

/**
 * The records of the current page: a sortable header (a button per column, `aria-sort` on
 * the sorted one) and one row per record. A row opens its record on a click; its first
 * cell holds a button, so keyboard users reach and open each row too. The record's id and
 * creation time are kept as hidden columns of the row. A field that stores a system
 * dictionary's codes shows each code's label in the user's language (the page waits for
 * the dictionaries before drawing it).
 */
export const RecordsTable = observer(function RecordsTable({ store, columns }: RecordsTableProps) {
  const { t, i18n } = useTranslation();
  const { dictionaries } = useStores();
  const sort = store.sort;
  // The page loads the dictionaries before it draws the table (spec 001 2.50).
  return (
    <div className="tessera-records__table-wrap" aria-busy={store.isLoading}>
      <HTMLTable compact striped interactive className="tessera-records__table">
        <thead>
          <tr>
            {columns.map((field) => {
              const sorted = sort?.param === field.key ? sort.direction : undefined;
              const label = localizeText(field.label, i18n.language);
              return (
                <th
                  key={field.key}
                  scope="col"
                  aria-sort={
                    sorted === SortDirection.asc
                      ? 'ascending'
                      : sorted === SortDirection.desc
                        ? 'descending'
                        : 'none'
                  }
                  className={isNumeric(field) ? 'is-numeric' : undefined}
                >
                  <button
                    type="button"
                    className="tessera-records__sort"
                    onClick={() => void store.toggleSort(field.key)}
                    title={t('records.sortBy', { column: label })}
                  >
                    <span>{label}</span>
                    {sorted === SortDirection.asc ? (
                      <ArrowUpIcon size={12} />
                    ) : sorted === SortDirection.desc ? (
                      <ArrowDownIcon size={12} />
                    ) : (
                      <DoubleCaretVerticalIcon size={12} className="tessera-records__sort-idle" />
                    )}
                  </button>
                </th>
              );
            })}
            <th hidden>{t('records.column.id')}</th>
            <th hidden>{t('records.column.created')}</th>
          </tr>
        </thead>
        <tbody>
          {store.rows.map((row) => (
            <tr
              key={row.id}
              data-record-id={row.id}
              onClick={() => store.openRecord(row.id)}
              className="tessera-records__row"
            >
              {columns.map((field, index) => {
                const value = row.data[field.key];
                const text = recordFieldText(field, value, dictionaries, i18n.language);
                // Objects, arrays and booleans read as JSON text (spec 001 section 3), marked
                // so that what reads them knows the digits there are data, not amounts.
                const json =
                  value !== null && (typeof value === 'object' || typeof value === 'boolean');
                return (
                  <td
                    key={field.key}
                    className={isNumeric(field) ? 'is-numeric' : undefined}
                    data-field={field.key}
                    data-json-text={json ? '' : undefined}
                  >
                    {index === 0 ? (
                      <button
                        type="button"
                        className="tessera-records__open"
                        aria-label={t('records.openRecord', { value: text || row.id })}
                        onClick={(event) => {
                          event.stopPropagation();
                          store.openRecord(row.id);
                        }}
                      >
                        {text}
                      </button>
                    ) : (
                      text
                    )}
                  </td>
                );
              })}
              <td hidden>{row.id}</td>
              <td hidden>{row.created}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {store.isLoading && (
        <div className="tessera-records__loading" role="status">
          <Spinner size={28} aria-label={t('records.loading')} />
        </div>
      )}
    </div>
  );
});
