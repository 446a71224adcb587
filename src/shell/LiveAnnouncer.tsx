import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../core/format';
import { useStores } from '../stores/useStores';

/**
 * The app's one polite live region, rendered once by the shell: it speaks the latest
 * {@link AnnouncerStore} message, its numbers in the reader's format. Each message is a new node, so the same words said twice
 * (the same count after another filter) are read again.
 */
export const LiveAnnouncer = observer(function LiveAnnouncer() {
  const { announcer } = useStores();
  const { t, i18n } = useTranslation();
  const message = announcer.current;
  const count = message?.values.count;
  // Numbers are read in the reader's format; a count stays a number, to pick the plural.
  const values = Object.fromEntries(
    Object.entries(message?.values ?? {}).map(([name, value]) => [
      name,
      typeof value === 'number' && name !== 'count'
        ? formatNumber(value, undefined, i18n.language)
        : value,
    ]),
  );
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className="tessera-visually-hidden"
      data-testid="live-announcer"
    >
      {message && (
        <span key={message.id}>
          {t(message.key, {
            ...values,
            ...(typeof count === 'number'
              ? { formatted: formatNumber(count, undefined, i18n.language) }
              : {}),
          })}
        </span>
      )}
    </div>
  );
});
