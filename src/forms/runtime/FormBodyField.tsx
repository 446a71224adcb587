import type { FieldProps, RJSFSchema, UiSchema } from '@rjsf/utils';
import { toFieldPathId } from '@rjsf/utils';
import { useMemo } from 'react';
import type { FieldRuntime } from '../registry/fieldPlugin';
import { UNSUPPORTED_TYPE } from '../registry/unsupportedPlugin';
import { useRenderer } from './RendererContext';

type Props = FieldProps<unknown, RJSFSchema, FieldRuntime>;

const ignore = () => undefined;
const NO_OPTIONS = {};

/**
 * rjsf's `ObjectField` for the form's root object. rjsf would render each property
 * through its `SchemaField`, which picks a field class by JSON type (and renders no widget
 * at all for display fields, whose type is `null`), with a stack of components and hooks
 * per property. Every Tessera field is one plugin widget named by `ui:widget`, so each
 * property is that widget from rjsf's registry, once, placed by our object template.
 */
export function FormBodyField({ registry, schema, uiSchema, fieldPathId, readonly }: Props) {
  const { plan } = useRenderer();
  const { host } = registry.formContext;
  const properties = useMemo(
    () =>
      plan.fieldIds.flatMap((fieldId, index) => {
        const field = host.fieldOf(fieldId);
        const fieldUi = (uiSchema?.[fieldId] ?? NO_OPTIONS) as UiSchema<
          unknown,
          RJSFSchema,
          FieldRuntime
        >;
        const named = fieldUi['ui:widget'];
        const Widget =
          (typeof named === 'string' ? registry.widgets[named] : undefined) ??
          registry.widgets[UNSUPPORTED_TYPE];
        if (!field || !Widget) return [];
        const id = toFieldPathId(fieldId, registry.globalFormOptions, fieldPathId.path).$id;
        const content = (
          <Widget
            key={fieldId}
            id={id}
            name={fieldId}
            className={plan.cellClasses[index]}
            value={undefined}
            schema={(schema.properties?.[fieldId] ?? NO_OPTIONS) as RJSFSchema}
            uiSchema={fieldUi}
            options={NO_OPTIONS}
            label=""
            required={field.required}
            registry={registry}
            onChange={ignore}
            onBlur={ignore}
            onFocus={ignore}
          />
        );
        return [{ name: fieldId, content, hidden: false }];
      }),
    [plan, host, registry, schema, uiSchema, fieldPathId],
  );
  const { ObjectFieldTemplate } = registry.templates;
  return (
    <ObjectFieldTemplate
      title=""
      properties={properties}
      onAddProperty={ignore}
      schema={schema}
      uiSchema={uiSchema}
      fieldPathId={fieldPathId}
      registry={registry}
      readonly={readonly}
    />
  );
}
