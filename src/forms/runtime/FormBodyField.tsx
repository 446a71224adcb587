import type {
  FieldProps,
  ObjectFieldTemplatePropertyType,
  RJSFSchema,
  UiSchema,
  WidgetProps,
} from '@rjsf/utils';
import { toFieldPathId } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import { useMemo, type ComponentType, type ReactNode } from 'react';
import type { FieldHost, FieldRuntime } from '../registry/fieldPlugin';
import { UNSUPPORTED_TYPE } from '../registry/unsupportedPlugin';
import { useRenderer } from './RendererContext';

type Props = FieldProps<unknown, RJSFSchema, FieldRuntime>;

const ignore = () => undefined;

/**
 * A field with a visibility condition: its slot while the condition holds, nothing while
 * it does not (the field is then neither checked nor sent). Re-renders only when the
 * field's shown state changes.
 */
const ShownWhen = observer(function ShownWhen({
  host,
  fieldId,
  children,
}: {
  readonly host: FieldHost;
  readonly fieldId: string;
  readonly children: ReactNode;
}) {
  return host.isShown(fieldId) ? children : null;
});

/**
 * What a field slot (`connectPlugin`) reads of rjsf's widget props. The rest of rjsf's
 * widget contract (value, required, label, options, change and focus callbacks) is not
 * passed: a slot takes the field, its value and its handlers from the store, and a
 * thousand-field form would otherwise keep eight unused props per field.
 */
type SlotProps = Pick<
  WidgetProps<unknown, RJSFSchema, FieldRuntime>,
  'id' | 'name' | 'className' | 'schema' | 'uiSchema' | 'registry'
>;
// What each widget is given as its schema and UI schema: nothing reads them (a plugin
// widget gets the normalised field), so every field shares these two.
const FIELD_SCHEMA: RJSFSchema = {};
const FIELD_UI: UiSchema<unknown, RJSFSchema, FieldRuntime> = {};

/**
 * rjsf's `ObjectField` for the form's root object. rjsf would render each property
 * through its `SchemaField`, which picks a field class by JSON type (and renders no widget
 * at all for display fields, whose type is `null`), with a stack of components and hooks
 * per property. Every Tessera field is one plugin widget, so each field is that widget
 * from rjsf's registry (registered under the plugin's type), once, placed by our object
 * template.
 * The fields come from the grid plan and the store, not from the root schema (which has
 * no properties): a field's widget is its plugin type's, the unsupported box otherwise.
 */
export function FormBodyField({ registry, schema, uiSchema, fieldPathId, readonly }: Props) {
  const { plan } = useRenderer();
  const { host } = registry.formContext;
  const properties = useMemo(() => {
    const cells: ObjectFieldTemplatePropertyType[] = [];
    plan.fieldIds.forEach((fieldId, index) => {
      const field = host.fieldOf(fieldId);
      const Widget =
        (field && Object.hasOwn(registry.widgets, field.type)
          ? registry.widgets[field.type]
          : undefined) ?? registry.widgets[UNSUPPORTED_TYPE];
      if (!field || !Widget) return;
      const Slot = Widget as unknown as ComponentType<SlotProps>;
      const id = toFieldPathId(fieldId, registry.globalFormOptions, fieldPathId.path).$id;
      const slot = (
        <Slot
          key={fieldId}
          id={id}
          name={fieldId}
          className={plan.cellClasses[index]}
          schema={FIELD_SCHEMA}
          uiSchema={FIELD_UI}
          registry={registry}
        />
      );
      // Only a field with a condition watches whether it is shown.
      const content = field.visibleWhen ? (
        <ShownWhen key={fieldId} host={host} fieldId={fieldId}>
          {slot}
        </ShownWhen>
      ) : (
        slot
      );
      cells.push({ name: fieldId, content, hidden: false });
    });
    return cells;
  }, [plan, host, registry, fieldPathId]);
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
