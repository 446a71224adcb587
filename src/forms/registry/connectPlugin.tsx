import type { FieldTemplateProps, RJSFSchema, Widget, WidgetProps } from '@rjsf/utils';
import { Component, isValidElement, type ComponentType, type ReactNode } from 'react';
import type {
  FieldHost,
  FieldPlugin,
  FieldRuntime,
  FieldWatcher,
  FieldWidgetProps,
} from './fieldPlugin';
import { lazyWidget } from './lazyWidget';

/** rjsf's widget type as Tessera uses it: any value, rjsf's schema, our runtime as formContext. */
export type RuntimeWidget = Widget<unknown, RJSFSchema, FieldRuntime>;

type SlotProps = WidgetProps<unknown, RJSFSchema, FieldRuntime>;
type TemplateProps = FieldTemplateProps<unknown, RJSFSchema, FieldRuntime>;

const EMPTY_ERRORS = Object.freeze([]);
const ignore = () => undefined;

// A function component (not a class, memo or observer object) may be called as a function.
function isPlainFunction<P>(component: ComponentType<P>): component is (props: P) => ReactNode {
  return (
    typeof component === 'function' &&
    !(component.prototype as { isReactComponent?: unknown } | undefined)?.isReactComponent
  );
}

/**
 * Makes a plugin's widget an rjsf widget bound to the form's state: one field's slot in
 * the form. rjsf re-renders its whole tree on every change it hears of, so values never
 * go through rjsf. Each slot watches its own field in the store (value and errors) and
 * nothing else, so a keystroke re-renders this one field and no other; it is the field's
 * memoised boundary. It renders rjsf's field template (our frame: cell, label, help) around
 * the plugin's widget. To keep a thousand-field form light, the slot is a small class
 * rather than a MobX `observer` (a reaction with its hooks and effects per field), and the
 * template and hook-free widgets (`inlineWidget`) are called within its render instead of
 * mounting components of their own.
 */
export function connectPlugin(plugin: FieldPlugin): RuntimeWidget {
  const Inner = plugin.Widget ?? lazyWidget(plugin);
  const inline = plugin.inlineWidget && isPlainFunction(Inner) ? Inner : null;

  class FieldSlot extends Component<SlotProps> implements FieldWatcher {
    static displayName = `FieldSlot(${plugin.type})`;
    private watchedHost: FieldHost | null = null;
    private watchedId = '';

    private readonly onChange = (value: unknown) => {
      this.props.registry.formContext.host.setValue(this.props.name, value);
    };

    private readonly onBlur = () => {
      this.props.registry.formContext.host.touch(this.props.name);
    };

    override componentDidMount(): void {
      this.watch();
    }

    override componentDidUpdate(): void {
      this.watch();
    }

    override componentWillUnmount(): void {
      this.watchedHost?.unwatchField(this.watchedId, this);
      this.watchedHost = null;
    }

    /** The store says the field's value or errors changed. */
    fieldChanged(): void {
      this.forceUpdate();
    }

    // Follows the field named by the props (a new store or field means a new watch).
    private watch(): void {
      const host = this.props.registry.formContext.host;
      const fieldId = this.props.name;
      if (this.watchedHost === host && this.watchedId === fieldId) return;
      this.watchedHost?.unwatchField(this.watchedId, this);
      host.watchField(fieldId, this);
      this.watchedHost = host;
      this.watchedId = fieldId;
    }

    override render(): ReactNode {
      const { registry, id, name, schema, uiSchema, className } = this.props;
      const runtime = registry.formContext;
      const { host } = runtime;
      const field = host.fieldOf(name);
      if (!field) throw new Error(`No field "${name}" in this form`);
      const errors = host.peekErrors(name) ?? EMPTY_ERRORS;
      const invalid = errors.length > 0;
      const errorId = invalid ? `${id}__error` : undefined;
      const text = runtime.textOf(field);
      const readOnly = runtime.readOnly || field.readOnly || plugin.computed;
      // 1. The plugin's widget with the field's value.
      const widgetProps: FieldWidgetProps = {
        field,
        inputId: id,
        ...(errorId ? { errorId } : {}),
        value: host.peekValue(name),
        onChange: this.onChange,
        onBlur: this.onBlur,
        readOnly,
        invalid,
        text,
        runtime,
      };
      const widget = inline ? inline(widgetProps) : <Inner {...widgetProps} />;
      // 2. The errors under it, unless the widget shows them itself. The error box is
      //    always there (hidden while empty): were it added with the first error, the
      //    widget would change place in the tree, be mounted anew and lose the focus and
      //    the keystrokes being typed. It is an alert while errors come one field at a
      //    time (on leaving a field); once a submit has been tried, the form's error
      //    summary says how many fields need attention in one announcement, and each box
      //    is read with its control (aria-describedby), not all at once.
      const content = plugin.ownsErrors ? (
        widget
      ) : (
        <>
          {widget}
          <div
            id={`${id}__error`}
            className="tf-errors"
            role={host.submitAttempts > 0 ? undefined : 'alert'}
            hidden={!invalid}
          >
            {errors.map((error, index) => (
              // One code may come back for several parts of a value (a table's rows).
              <div key={`${error.code}:${index}`}>{runtime.t(error.code, error.params)}</div>
            ))}
          </div>
        </>
      );
      // 3. rjsf's field template around both.
      const Template = registry.templates.FieldTemplate;
      const templateProps: TemplateProps = {
        id,
        fieldPathId: { $id: id, path: [name] },
        classNames: className,
        label: text.label,
        displayLabel: !plugin.ownsLabel(field),
        required: field.required,
        readonly: readOnly,
        disabled: false,
        ...(text.description !== undefined ? { rawDescription: text.description } : {}),
        schema,
        uiSchema,
        registry,
        onChange: ignore,
        onKeyRename: ignore,
        onKeyRenameBlur: ignore,
        onRemoveProperty: ignore,
        // A lone element is passed as it is: a fragment would be one more node per field.
        children: isValidElement(content) ? content : <>{content}</>,
      };
      return isPlainFunction(Template) ? Template(templateProps) : <Template {...templateProps} />;
    }
  }

  return FieldSlot as RuntimeWidget;
}
