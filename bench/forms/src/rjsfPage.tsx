// @rjsf/core's default theme with validator-ajv8, formData kept inside the Form (its
// cheapest standard use). Served without Tessera's CSP: Ajv compiles with `new Function`.
import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { createRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { benchFields, filledValues, jsonSchema, typingIndex } from './benchFields';
import { fieldCount, installHarness } from './harness';

type Values = Record<string, unknown>;

const n = fieldCount();
const fields = benchFields(n);
const schema = jsonSchema(fields) as RJSFSchema;
const form = createRef<Form<Values>>();
let root: Root | null = null;
const noop = () => undefined;

installHarness(
  {
    mount(container, values) {
      root = createRoot(container);
      root.render(
        <Form<Values>
          ref={form}
          schema={schema}
          validator={validator}
          formData={values}
          onSubmit={noop}
        />,
      );
    },
    unmount() {
      root?.unmount();
    },
    control(index) {
      return document.getElementById(`root_f${index}`) as HTMLInputElement | null;
    },
    stateValue(key) {
      return form.current?.state.formData?.[key];
    },
    validate() {
      return validator.validateFormData(form.current?.state.formData, schema).errors.length;
    },
    submit() {
      document.querySelector('form')?.requestSubmit();
    },
  },
  { n, typingIndex: typingIndex(n), filled: filledValues(fields) },
);
document.documentElement.dataset.ready = 'true';
