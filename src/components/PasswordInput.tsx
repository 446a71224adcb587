import { Button, InputGroup, type Intent } from '@blueprintjs/core';
import { EyeOffIcon, EyeOpenIcon, LockIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Props of {@link PasswordInput}. */
export interface PasswordInputProps {
  /** The input's id, which its label points at. */
  id: string;
  /** The current value. */
  value: string;
  /** Called with every change of the value. */
  onValueChange: (value: string) => void;
  /** `current-password` to sign in, `new-password` to choose one. */
  autoComplete: 'current-password' | 'new-password';
  /** Blueprint intent; `danger` marks the field as wrong. */
  intent?: Intent;
  /** Disables the input while a request runs. */
  disabled?: boolean;
  /** Focuses the input on mount. */
  autoFocus?: boolean;
  /** The id of the element that describes the field (an error line, a checklist). */
  describedBy?: string;
  /** Whether the field is currently wrong, for assistive technology. */
  invalid?: boolean;
}

/**
 * A password field with a show/hide toggle, the one every password screen uses. The toggle
 * is a plain icon button named by its state ("Show password" / "Hide password", pressed or
 * not) without the icon buttons' tooltip: the sign-in page is its only icon button, and the
 * tooltip's positioning engine is the heaviest part of the first download.
 */
export function PasswordInput({
  id,
  value,
  onValueChange,
  autoComplete,
  intent,
  disabled,
  autoFocus,
  describedBy,
  invalid,
}: PasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const toggleLabel = visible ? t('common.hidePassword') : t('common.showPassword');
  return (
    <InputGroup
      id={id}
      name={id}
      size="large"
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      value={value}
      onValueChange={(next) => onValueChange(next)}
      intent={intent}
      disabled={disabled}
      autoFocus={autoFocus}
      leftIcon={<LockIcon />}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      spellCheck={false}
      autoCapitalize="off"
      rightElement={
        <Button
          variant="minimal"
          icon={visible ? <EyeOffIcon /> : <EyeOpenIcon />}
          aria-label={toggleLabel}
          aria-pressed={visible}
          aria-controls={id}
          disabled={disabled}
          onClick={() => setVisible((shown) => !shown)}
        />
      }
    />
  );
}
