import Form from '@rjsf/core';
import type { RJSFSchema, TemplatesType, UiSchema } from '@rjsf/utils';
import { memo, useEffect, useMemo } from 'react';
import type { FieldRuntime, Translate } from '../registry/fieldPlugin';
import type { FieldRegistry } from '../registry/FieldRegistry';
import type { FormServices } from '../registry/formServices';
import { createFieldRuntime } from './createFieldRuntime';
import { FormBodyField } from './FormBodyField';
import { FieldTemplate } from './FieldTemplate';
import type { FormStore } from './FormStore';
import { ObjectFieldTemplate } from './ObjectFieldTemplate';
import { ChunkWindow } from './chunkWindow';
import { planGrid, type Breakpoint } from './planGrid';
import { RendererContext } from './RendererContext';
import { cellPaddingStyle } from './cellPadding';
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

// rjsf is given an object schema without properties and an empty UI schema. Our
// ObjectField (`FormBodyField`) renders every field from the grid plan, each as the
// widget of its plugin type, and no widget or template reads a field's JSON schema (the
// store's validator builds its own). With the fields' properties, rjsf's Form would walk
// all of them on mount (defaults, schema resolution, deep comparisons), allocating and
// compiling for every field of a large form only to find nothing to do.
const ROOT_SCHEMA: RJSFSchema = { type: 'object' };
const ROOT_UI: UiSchema<unknown, RJSFSchema, FieldRuntime> = {};

/**
 * Renders a form with @rjsf/core's `Form`: the registry's widgets by plugin type name, our
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
  const plan = useMemo(() => planGrid(form), [form]);
  const window = useMemo(() => new ChunkWindow(plan), [plan]);
  // The store asks the window to mount a field that is to be shown (an error, a link).
  useEffect(() => {
    const detach = store.attachView(window);
    return () => {
      detach();
      window.dispose();
    };
  }, [store, window]);
  const context = useMemo(() => ({ registry, plan, window }), [registry, plan, window]);
  const runtime = useMemo(
    () => createFieldRuntime({ host: store, locale, t, accessTest, readOnly, services }),
    [store, locale, t, accessTest, readOnly, services],
  );
  return (
    <RendererContext.Provider value={context}>
      <div className={`tf-form tf-bp-${breakpoint ?? 'auto'}`} style={cellPaddingStyle()}>
        <Form<unknown, RJSFSchema, FieldRuntime>
          schema={ROOT_SCHEMA}
          uiSchema={ROOT_UI}
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
