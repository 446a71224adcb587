import type { ReactNode } from 'react';
import { CONTROL_INDICATOR, CONTROL_INPUT, controlClassName } from './widgetClasses';

/** Props of {@link ChoiceControl}. */
export interface ChoiceControlProps {
  /** A tick box among several, or a radio button of a group. */
  readonly kind: 'checkbox' | 'radio';
  /** Whether the choice sits beside the others on one line. */
  readonly inline?: boolean;
  /** The radio group's name. */
  readonly name?: string;
  readonly checked: boolean;
  readonly disabled: boolean;
  /** Called with the box's new state when the user ticks or picks it. */
  onChange(checked: boolean): void;
  onBlur(): void;
  /** The choice's caption. */
  readonly children: ReactNode;
}

/**
 * One choice of a checkbox or radio field: a native control in a label styled as
 * Blueprint's checkbox or radio, with its caption beside it.
 */
export function ChoiceControl({
  kind,
  inline = false,
  name,
  checked,
  disabled,
  onChange,
  onBlur,
  children,
}: ChoiceControlProps) {
  return (
    <label className={controlClassName(kind, inline)}>
      <input
        type={kind}
        className={CONTROL_INPUT}
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={onBlur}
      />
      <span className={CONTROL_INDICATOR} />
      {children}
    </label>
  );
}
