import { InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { fieldAria } from '../../src/forms/registry/fieldAria';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { valueText } from '../../src/core/forms/fields/valueText';
import { IconButton } from '../../src/components/IconButton';

/** A password input with a button that shows or hides what was typed. */
export function PasswordWidget(props: FieldWidgetProps) {
  const { inputId, value, onChange, onBlur, readOnly, invalid, text, runtime } = props;
  const [shown, setShown] = useState(false);
  const toggleLabel = runtime.t(shown ? 'common.hidePassword' : 'common.showPassword');
  return (
    <InputGroup
      id={inputId}
      type={shown ? 'text' : 'password'}
      fill
      autoComplete="new-password"
      value={valueText(value)}
      placeholder={text.placeholder}
      readOnly={readOnly}
      intent={invalid ? 'danger' : 'none'}
      {...fieldAria(props)}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      rightElement={
        readOnly ? undefined : (
          <IconButton
            variant="minimal"
            icon={shown ? 'eye-off' : 'eye-open'}
            label={toggleLabel}
            onClick={() => setShown(!shown)}
          />
        )
      }
    />
  );
}
