import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MosaicBackdrop } from '../brand/MosaicBackdrop';
import { Wordmark } from '../brand/Wordmark';
import { LanguageSelect } from '../components/LanguageSelect';
import './PublicLayout.css';

/** Props of {@link PublicLayout}. */
export interface PublicLayoutProps {
  /** The card of the page (sign-in, change or reset password). */
  children: ReactNode;
}

/**
 * The frame of the pages seen before sign-in: a brand panel on wide screens beside a
 * centred card on a quiet background; on phones the card alone under the wordmark.
 */
export function PublicLayout({ children }: PublicLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="tessera-public">
      <aside className="tessera-public__brand">
        <Wordmark tone="light" size={30} />
        <div className="tessera-public__pitch">
          <h2 className="tessera-public__headline">{t('common.brandHeadline')}</h2>
          <p className="tessera-public__text">{t('common.brandText')}</p>
        </div>
        <p className="tessera-public__notice">{t('common.authorisedUse')}</p>
        <MosaicBackdrop className="tessera-public__mosaic" />
      </aside>
      <main className="tessera-public__main">
        <div className="tessera-public__column">
          <div className="tessera-public__compact-brand">
            <Wordmark size={28} />
          </div>
          {children}
          <footer className="tessera-public__footer">
            <LanguageSelect id="public-language" />
            <span className="tessera-public__compact-notice">{t('common.authorisedUse')}</span>
          </footer>
        </div>
      </main>
    </div>
  );
}
