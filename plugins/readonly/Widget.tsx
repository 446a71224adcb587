import { observer } from 'mobx-react-lite';
import type { FieldWidgetProps } from '../../src/forms/registry/fieldPlugin';
import { describeSourceValue } from './describeSourceValue';
import { readonlySourceOf } from './source';

/**
 * APS "Display value": the value of the field or variable the author named, read-only,
 * formatted by its source's type. When the source is a field of the same form it follows
 * that field as it is typed (an observer reading only that field); otherwise it shows the
 * value the server served for it, else the value written in the export.
 */
export const ReadonlyWidget = observer(function ReadonlyWidget({
  field,
  inputId,
  errorId,
  text,
  runtime,
}: FieldWidgetProps) {
  const { host, locale, t } = runtime;
  const source = readonlySourceOf(field);
  const onForm = source.id !== field.id ? host.fieldOf(source.id) : undefined;
  let shown: string;
  if (onForm) {
    const kind =
      typeof onForm.config.numberKind === 'string' ? onForm.config.numberKind : undefined;
    shown = describeSourceValue(
      host.valueOf(source.id),
      kind ?? onForm.type,
      runtime.textOf(onForm).options,
      locale,
      t,
    );
  } else {
    const served = host.valueOf(field.id);
    const value = served === undefined || served === null ? text.config.value : served;
    shown = describeSourceValue(value, source.type, source.options, locale, t);
  }
  return (
    <output
      id={inputId}
      className="tf-readonly"
      aria-live="polite"
      aria-describedby={errorId}
      data-source={source.id}
    >
      {shown}
    </output>
  );
});
