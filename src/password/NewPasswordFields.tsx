import { Button, FormGroup } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { PasswordSettings } from '../../schemas/api/identity';
import { PasswordChecklist } from '../components/PasswordChecklist';
import { PasswordInput } from '../components/PasswordInput';
import type { NewPasswordProblem } from './validateNewPassword';

/** What the new-password fields read and write: the change and the reset forms both are one. */
export interface NewPasswordState {
  readonly password: string;
  readonly problem: NewPasswordProblem | null;
  setPassword(value: string): void;
}

/** Props of {@link NewPasswordFields}. */
export interface NewPasswordFieldsProps {
  /** The page's form. */
  form: NewPasswordState;
  /** The tenant's password policy, for the live checklist. */
  settings: PasswordSettings;
  /** A submit is under way: the field waits and the button spins. */
  busy: boolean;
  /** The submit button's text. */
  submitText: string;
  /** Focus the new password on mount (default); off when a field above it comes first. */
  autoFocus?: boolean;
}

/**
 * The new password with show/hide, its problem under it, the policy checklist as one types
 * and the submit button: the shared end of the change-password and reset-password forms.
 */
export const NewPasswordFields = observer(function NewPasswordFields({
  form,
  settings,
  busy,
  submitText,
  autoFocus = true,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <FormGroup
        label={t('changePassword.newPassword')}
        labelFor="new-password"
        intent={form.problem ? 'danger' : 'none'}
        helperText={
          form.problem ? <span role="alert">{t(`changePassword.${form.problem}`)}</span> : undefined
        }
      >
        <PasswordInput
          id="new-password"
          autoComplete="new-password"
          value={form.password}
          onValueChange={(value) => form.setPassword(value)}
          intent={form.problem ? 'danger' : 'none'}
          invalid={form.problem !== null}
          describedBy="new-password-rules"
          disabled={busy}
          autoFocus={autoFocus}
        />
      </FormGroup>
      <PasswordChecklist id="new-password-rules" password={form.password} settings={settings} />
      <Button type="submit" intent="primary" size="large" fill loading={busy} text={submitText} />
    </>
  );
});
