import { HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** Props of {@link BooleanFilterSelect}. */
export interface BooleanFilterSelectProps {
  /** The control's id, which the filter's label points at. */
  id: string;
  /** 'true', 'false', or '' for any. */
  value: string;
  /** Called with 'true', 'false', or '' for any. */
  onChange: (value: string) => void;
  /** Marks the control as holding a refused value. */
  invalid?: boolean;
}

/**
 * The filter of a yes-or-no field: Any, Yes or No in the user's language, a native select so
 * the keyboard and screen readers handle it as any choice. It sends what the list request
 * takes for a boolean ('true' or 'false'), so nobody has to type those words.
 */
export function BooleanFilterSelect({ id, value, onChange, invalid }: BooleanFilterSelectProps) {
  const { t } = useTranslation();
  const lower = value.trim().toLowerCase();
  const chosen = lower === 'true' || lower === 'false' ? lower : '';
  return (
    <HTMLSelect
      id={id}
      name={id}
      fill
      value={chosen}
      options={[
        { label: t('records.anyValue'), value: '' },
        { label: t('records.booleanFilter.yes'), value: 'true' },
        { label: t('records.booleanFilter.no'), value: 'false' },
      ]}
      aria-invalid={invalid ? true : undefined}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
