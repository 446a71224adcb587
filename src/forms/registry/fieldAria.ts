import { describedBy } from './FieldMessage';
import type { FieldWidgetProps } from './fieldPlugin';

/** The ARIA state a field widget puts on its own control. */
export interface FieldAria {
  readonly 'aria-invalid': true | undefined;
  readonly 'aria-required': true | undefined;
  readonly 'aria-describedby': string | undefined;
}

/**
 * The ARIA state of a field's control: invalid while the field shows an error, required
 * when the field is, and described by its error box and any other ids given (a counter,
 * a message line). An attribute with nothing to say is left out.
 */
export function fieldAria(
  { field, invalid, errorId }: Pick<FieldWidgetProps, 'field' | 'invalid' | 'errorId'>,
  ...described: readonly (string | false | undefined)[]
): FieldAria {
  return {
    'aria-invalid': invalid || undefined,
    'aria-required': field.required || undefined,
    'aria-describedby': describedBy(errorId, ...described),
  };
}
