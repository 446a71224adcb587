import { Classes } from '@blueprintjs/core';
import { DisableIcon } from '@blueprintjs/icons';
import { useEffect } from 'react';
import type { NormalizedField } from '../../../schemas/forms';
import type { Translate } from './fieldPlugin';
import type { MissingService } from './formServices';

/** Props of {@link ServiceUnavailable}. */
export interface ServiceUnavailableProps {
  /** The service the field needs and the page does not offer. */
  readonly service: MissingService;
  /** The field that needs it, named in the developer's console (its value never is). */
  readonly field: NormalizedField;
  /** Translates in the form's language. */
  readonly t: Translate;
  /** The DOM id of the note, so the field's control can point at it. */
  readonly id?: string;
}

// Each missing service is reported once per page load, not once per field and render.
const reported = new Set<MissingService>();

/**
 * Tells the developer's console, once per service, that a field needs a service the page
 * does not offer. Only the field's id and type are named: a field's value may be a
 * customer's data and never goes to a log.
 */
export function reportMissingService(service: MissingService, field: NormalizedField): void {
  if (reported.has(service)) return;
  reported.add(service);
  console.warn(
    `Tessera form: field "${field.id}" (${field.type}) needs the "${service}" service, which this page does not offer; it shows that it is not available.`,
  );
}

/**
 * What a field shows in place of its control when the page lacks the service it needs (a
 * picture without a file store, a picker without a directory): a visible, translated note,
 * so the user learns why it cannot be used instead of meeting a control that does nothing.
 */
export function ServiceUnavailable({ service, field, t, id }: ServiceUnavailableProps) {
  useEffect(() => reportMissingService(service, field), [service, field]);
  return (
    <div
      id={id}
      role="note"
      className={`tf-service-unavailable ${Classes.FORM_HELPER_TEXT} ${Classes.TEXT_MUTED}`}
      data-service-unavailable={service}
    >
      <DisableIcon size={12} aria-hidden /> {t(`fields.unavailable.${service}`)}
    </div>
  );
}
