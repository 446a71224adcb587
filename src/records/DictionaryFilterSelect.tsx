import { HTMLSelect } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { localizeText } from '../core/forms/compiler/localizeText';
import { useStores } from '../stores/useStores';

/** Props of {@link DictionaryFilterSelect}. */
export interface DictionaryFilterSelectProps {
  /** The control's id, which the filter's label points at. */
  id: string;
  /** The system dictionary whose codes the field stores. */
  dictionary: string;
  /** The code chosen, or '' for any. */
  value: string;
  /** Called with the chosen code, or '' for any. */
  onChange: (code: string) => void;
  /** Marks the control as holding a refused value. */
  invalid?: boolean;
}

/**
 * The filter of a field that stores a dictionary's codes: the entries by their label in the
 * user's language (the filter still sends the code), and "Any" for no filter. A code typed
 * before the lists arrived, or retired since, stays offered under its code.
 */
export const DictionaryFilterSelect = observer(function DictionaryFilterSelect({
  id,
  dictionary,
  value,
  onChange,
  invalid,
}: DictionaryFilterSelectProps) {
  const { t, i18n } = useTranslation();
  const { dictionaries } = useStores();

  useEffect(() => {
    dictionaries.load().catch(() => undefined);
  }, [dictionaries]);

  const entries = dictionaries.dictionaries.get(dictionary)?.entries ?? [];
  const options = [
    { label: t('records.anyValue'), value: '' },
    ...entries.map((entry) => ({
      label: localizeText(entry.label, i18n.language) || entry.code,
      value: entry.code,
    })),
  ];
  if (value !== '' && !entries.some((entry) => entry.code === value)) {
    options.push({ label: value, value });
  }
  return (
    <HTMLSelect
      id={id}
      name={id}
      fill
      minimal={false}
      value={value}
      options={options}
      aria-invalid={invalid ? true : undefined}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
});
