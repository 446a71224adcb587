import { Button, Classes } from '@blueprintjs/core';
import { BusyButton } from '../../src/components/BusyButton';
import { LocateIcon, MapMarkerIcon, TrashIcon } from '@blueprintjs/icons';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import type { FieldWidgetProps, Translate } from '../../src/forms/registry/fieldPlugin';
import {
  describedBy,
  FieldMessage,
  type FieldMessageProps,
} from '../../src/forms/registry/FieldMessage';
import { useMountedRef } from '../../src/forms/registry/useMountedRef';
import { formatGpsPosition, mapsUrl } from './position';
import { isGpsPosition, sanitizeGps, type GpsPosition } from './validate';
import './gps.css';

/** How long the browser may look for a position, and that it must not answer an old one. */
const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 0,
};

/** Where the widget stands since the user last acted (spec 001 section 4, "GPS field"). */
const GpsStatus = {
  idle: 'idle',
  locating: 'locating',
  located: 'located',
  failed: 'failed',
  cleared: 'cleared',
} as const;
type GpsStatus = (typeof GpsStatus)[keyof typeof GpsStatus];

/** What the line under the field says after an action, and how it reads. */
function messageOf(status: GpsStatus, t: Translate): Omit<FieldMessageProps, 'id'> {
  switch (status) {
    case GpsStatus.located:
      return { text: t('gps.successContent'), intent: 'success' };
    case GpsStatus.failed:
      return { text: t('gps.errorContent'), intent: 'danger' };
    case GpsStatus.cleared:
      return { text: t('gps.deleteSuccess'), intent: 'success' };
    case GpsStatus.locating:
      return { text: t('gps.locating') };
    default:
      return {};
  }
}

/** The browser's current position, rounded as the field saves it. */
function currentPosition(): Promise<GpsPosition> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      reject(new Error('This browser offers no geolocation.'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const position = sanitizeGps([coords.latitude, coords.longitude]);
        if (isGpsPosition(position)) resolve(position);
        else reject(new Error('The browser answered no position.'));
      },
      reject,
      GEOLOCATION_OPTIONS,
    );
  });
}

/**
 * A GPS field (spec 001 sections 3 to 5): gets the device's position from the browser,
 * shows it to 5 decimals with a link that opens it on a map in a new tab, updates it, and
 * clears it after a confirmation. A denied or unavailable location says so under the field.
 */
export function GpsWidget({
  inputId,
  errorId,
  value,
  onChange,
  onBlur,
  readOnly,
  invalid,
  runtime,
}: FieldWidgetProps) {
  const { t } = runtime;
  const [status, setStatus] = useState<GpsStatus>(GpsStatus.idle);
  const [confirming, setConfirming] = useState(false);
  const mounted = useMountedRef();
  const getButton = useRef<HTMLButtonElement>(null);

  const sanitized = sanitizeGps(value);
  const position = isGpsPosition(sanitized) ? sanitized : null;
  const messageId = `${inputId}-gps-status`;

  const announce = runtime.services.announce;
  const locate = () => {
    setStatus(GpsStatus.locating);
    currentPosition().then(
      (found) => {
        if (!mounted.current) return;
        onChange([...found]);
        onBlur();
        setStatus(GpsStatus.located);
        announce?.('gps.successContent');
      },
      () => {
        if (mounted.current) setStatus(GpsStatus.failed);
      },
    );
  };

  const clear = () => {
    setConfirming(false);
    onChange(null);
    onBlur();
    setStatus(GpsStatus.cleared);
    announce?.('gps.deleteSuccess');
  };

  const shown = position ? (
    <span className="tf-gps__position">
      <output id={readOnly ? inputId : undefined} className="tf-gps__coordinates">
        {formatGpsPosition(position)}
      </output>
      <a
        className="tf-gps__map"
        href={mapsUrl(position)}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="gps-map-link"
      >
        <MapMarkerIcon size={12} aria-hidden /> {t('gps.openMap')}
        <span className={Classes.TEXT_MUTED}> {t('gps.newTab')}</span>
      </a>
    </span>
  ) : (
    <span id={readOnly ? inputId : undefined} className={`tf-gps__none ${Classes.TEXT_MUTED}`}>
      {t('gps.noPosition')}
    </span>
  );

  if (readOnly) return <div className="tf-gps">{shown}</div>;

  return (
    <div className="tf-gps">
      {shown}
      <div className="tf-gps__actions">
        {/* Busy, not disabled, while locating: the focus stays on it for the result. */}
        <BusyButton
          id={inputId}
          ref={getButton}
          icon={<LocateIcon />}
          variant="outlined"
          intent={invalid ? 'danger' : 'none'}
          busy={status === GpsStatus.locating}
          text={position ? t('gps.update') : t('gps.get')}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(errorId, status !== GpsStatus.idle && messageId)}
          onClick={locate}
        />
        {position && (
          <Button
            icon={<TrashIcon />}
            variant="minimal"
            text={t('gps.clear')}
            disabled={status === GpsStatus.locating}
            onClick={() => setConfirming(true)}
          />
        )}
      </div>
      <FieldMessage id={messageId} {...messageOf(status, t)} announced={announce !== undefined} />
      <ConfirmDialog
        isOpen={confirming}
        title={t('gps.clearTitle')}
        message={t('gps.clearMessage')}
        boldText={position ? formatGpsPosition(position) : undefined}
        primaryText={t('gps.clearConfirm')}
        secondaryText={t('gps.keep')}
        primaryIntent="danger"
        onConfirm={clear}
        onCancel={() => setConfirming(false)}
        returnFocusTo={() => getButton.current}
      />
    </div>
  );
}
