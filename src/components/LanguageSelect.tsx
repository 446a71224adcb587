import { HTMLSelect } from '@blueprintjs/core';
import { TranslateIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES, isLanguage } from '../i18n/languages';
import { useStores } from '../stores/useStores';
import './LanguageSelect.css';

/** Props of {@link LanguageSelect}. */
export interface LanguageSelectProps {
  /** The id of the select, unique on the page. */
  id: string;
  /** Extra class name for the wrapper. */
  className?: string;
}

/** Picks the interface language; each language is named in itself. */
export const LanguageSelect = observer(function LanguageSelect({
  id,
  className,
}: LanguageSelectProps) {
  const { preferences } = useStores();
  const { t } = useTranslation();
  return (
    <span className={['tessera-language-select', className].filter(Boolean).join(' ')}>
      <TranslateIcon className="tessera-language-select__icon" aria-hidden />
      <HTMLSelect
        id={id}
        minimal
        aria-label={t('common.language')}
        value={preferences.language}
        onChange={(event) => {
          if (isLanguage(event.currentTarget.value))
            preferences.setLanguage(event.currentTarget.value);
        }}
        options={SUPPORTED_LANGUAGES.map((language) => ({
          value: language,
          label: LANGUAGE_NAMES[language],
        }))}
      />
    </span>
  );
});
