import './FieldMessage.css';

/** How a field message reads: good news, a failure, or neither. */
export type FieldMessageIntent = 'success' | 'danger' | 'none';

/** Props of {@link FieldMessage}. */
export interface FieldMessageProps {
  /** The DOM id the field's control names in `aria-describedby` while a message shows. */
  readonly id: string;
  /** What to say, translated; nothing leaves the line empty and hidden. */
  readonly text?: string | null | undefined;
  /** Colours the text, and a failure is read out at once (`alert`) rather than politely. */
  readonly intent?: FieldMessageIntent;
  /**
   * The page's one polite live region speaks the widget's results (it called the form's
   * `announce` service): the line is then no live region of its own, so each result is
   * heard once. Failures stay alerts either way.
   */
  readonly announced?: boolean;
}

/**
 * The line under a media field that says how its last action went (a location captured, a
 * file refused or deleted), the spec's field messages. It is always in the page, empty and
 * hidden until there is something to say, so a screen reader announces a message as it
 * appears (a live region added together with its text is often not read).
 */
export function FieldMessage({ id, text, intent = 'none', announced = false }: FieldMessageProps) {
  return (
    <p
      id={id}
      className={`tf-field-message tf-field-message--${intent}`}
      role={intent === 'danger' ? 'alert' : announced ? undefined : 'status'}
    >
      {text || null}
    </p>
  );
}

/**
 * A control's `aria-describedby`: the field's error box and the message line while it has
 * something to say, or nothing at all (an empty attribute would name no element).
 */
export function describedBy(
  ...ids: readonly (string | false | null | undefined)[]
): string | undefined {
  const named = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  return named.length > 0 ? named.join(' ') : undefined;
}
