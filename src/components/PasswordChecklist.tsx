import { SmallCrossIcon, SmallTickIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { PasswordSettings } from '../../schemas/api/identity';
import { evaluatePassword, type PasswordRuleResult } from '../../schemas/api/passwordRules';
import './PasswordChecklist.css';

/** Props of {@link PasswordChecklist}. */
export interface PasswordChecklistProps {
  /** The password typed so far. */
  password: string;
  /** The tenant's password policy. */
  settings: PasswordSettings;
  /** The id of the list, for `aria-describedby` on the password field. */
  id?: string;
}

function ruleText(
  t: (key: string, values?: Record<string, unknown>) => string,
  rule: PasswordRuleResult,
): string {
  if (rule.rule === 'length')
    return t('changePassword.rules.length', { min: rule.min, max: rule.max });
  return t(`changePassword.rules.${rule.rule}`, { count: rule.min });
}

/**
 * The live rule checklist of the password screens: one line per rule the policy asks for
 * (rules with a zero minimum are left out by `evaluatePassword`), each with a tick or a cross.
 */
export function PasswordChecklist({ password, settings, id }: PasswordChecklistProps) {
  const { t } = useTranslation();
  const rules = evaluatePassword(password, settings);
  return (
    <div className={`tessera-password-rules ${password === '' ? '' : 'is-typing'}`}>
      <p className="tessera-password-rules__title">{t('changePassword.rulesTitle')}</p>
      <ul id={id} className="tessera-password-rules__list">
        {rules.map((rule) => (
          <li
            key={rule.rule}
            className={`tessera-password-rules__rule ${rule.met ? 'is-met' : 'is-unmet'}`}
            data-rule={rule.rule}
            data-met={rule.met}
          >
            <span className="tessera-password-rules__mark">
              {rule.met ? <SmallTickIcon /> : <SmallCrossIcon />}
            </span>
            <span>{ruleText(t, rule)}</span>
            <span className="tessera-visually-hidden">
              {rule.met ? t('changePassword.ruleMet') : t('changePassword.ruleNotMet')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
