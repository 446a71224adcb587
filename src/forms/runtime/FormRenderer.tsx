import Form from '@rjsf/core';
import type { RJSFSchema, TemplatesType, UiSchema } from '@rjsf/utils';
import { memo, useMemo } from 'react';
import { toRjsf, type RjsfForm } from '../compiler/toRjsf';
import type { FieldRuntime, Translate } from '../registry/fieldPlugin';
import type { FieldRegistry } from '../registry/FieldRegistry';
import type { FormServices } from '../registry/formServices';
import { createFieldRuntime } from './createFieldRuntime';
import { FormBodyField } from './FormBodyField';
import { FieldTemplate } from './FieldTemplate';
import type { FormStore } from './FormStore';
import { ObjectFieldTemplate } from './ObjectFieldTemplate';
import { planGrid, type Breakpoint } from './planGrid';
import { RendererContext } from './RendererContext';
import './formRuntime.css';

/** Props of {@link FormRenderer}. */
export interface FormRendererProps {
  /** The form's state; its `form` is what is rendered. */
  readonly store: FormStore;
  /** The field plugins. */
  readonly registry: FieldRegistry;
  /** The language of labels and messages. */
  readonly locale: string;
  /** Translates in that language. */
  readonly t: Translate;
  /** Author mode: field ids, option values, the formula view. */
  readonly accessTest: boolean;
  /** Nothing may be edited. */
  readonly readOnly: boolean;
  /** Services of the page around the form. */
  readonly services: FormServices;
  /** Prefix of the DOM ids, unique per rendered form (the preview shows one form thrice). */
  readonly idPrefix: string;
  /** Forces a breakpoint's layout (the preview's frames); by default the viewport decides. */
  readonly breakpoint?: Breakpoint;
}

const TEMPLATES: Partial<TemplatesType<unknown, RJSFSchema, FieldRuntime>> = {
  FieldTemplate,
  ObjectFieldTemplate,
};
const FIELDS = { ObjectField: FormBodyField };
// rjsf never sees the values (they live in the store), so it gets one constant object.
const NO_FORM_DATA = Object.freeze({});
const NO_SUBMIT_BUTTON = <></>;

// One `{ 'ui:widget': type }` per plugin type, shared by all its fields: the widgets read
// their settings from the normalised field, so the rest of each field's UI schema would
// only cost memory for every field of a large form.
const widgetUi = new Map<string, UiSchema<unknown, RJSFSchema, FieldRuntime>>();

function slimUi(rjsf: RjsfForm): RjsfForm {
  // A dictionary from the start: a thousand keys added to a plain object would leave a
  // thousand hidden classes behind.
  const uiSchema = Object.create(null) as UiSchema;
  uiSchema['ui:order'] = rjsf.uiSchema['ui:order'];
  for (const [key, value] of Object.entries(rjsf.uiSchema)) {
    const widget = (value as UiSchema | undefined)?.['ui:widget'];
    if (key.startsWith('ui:') || typeof widget !== 'string') continue;
    let shared = widgetUi.get(widget);
    if (!shared) {
      shared = { 'ui:widget': widget };
      widgetUi.set(widget, shared);
    }
    uiSchema[key] = shared;
  }
  return { schema: rjsf.schema, uiSchema };
}

/**
 * Renders a form with @rjsf/core's `Form`: the registry's widgets by `ui:widget` name, our
 * field and object templates, our validator. Everything rjsf is given is computed once per
 * form and language, and rjsf never hears of a keystroke, so it renders once; each widget
 * is an observer of its own value in the store.
 */
export const FormRenderer = memo(function FormRenderer({
  store,
  registry,
  locale,
  t,
  accessTest,
  readOnly,
  services,
  idPrefix,
  breakpoint,
}: FormRendererProps) {
  const { form } = store;
  const { schema, uiSchema } = useMemo(() => slimUi(toRjsf(form, { locale })), [form, locale]);
  const plan = useMemo(() => planGrid(form), [form]);
  const context = useMemo(() => ({ registry, plan }), [registry, plan]);
  const runtime = useMemo(
    () => createFieldRuntime({ host: store, locale, t, accessTest, readOnly, services }),
    [store, locale, t, accessTest, readOnly, services],
  );
  return (
    <RendererContext.Provider value={context}>
      <div className={`tf-form tf-bp-${breakpoint ?? 'auto'}`}>
        <Form<unknown, RJSFSchema, FieldRuntime>
          schema={schema}
          uiSchema={uiSchema}
          formData={NO_FORM_DATA}
          validator={store.validator}
          widgets={registry.widgets()}
          templates={TEMPLATES}
          fields={FIELDS}
          formContext={runtime}
          idPrefix={idPrefix}
          tagName="div"
          showErrorList={false}
          noHtml5Validate
          readonly={readOnly}
        >
          {NO_SUBMIT_BUTTON}
        </Form>
      </div>
    </RendererContext.Provider>
  );
});
