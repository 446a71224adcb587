// The baseline: plain React 19, N controlled inputs, each field memoised with a stable
// onChange, so a keystroke re-renders the parent (N memo checks) and one field.
import { memo, useCallback, useEffect, useState, type RefObject } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import {
  benchFields,
  CHOICES,
  filledValues,
  handValidate,
  INTEGER_MAX,
  INTEGER_MIN,
  typingIndex,
  type BenchField,
} from './benchFields';
import { fieldCount, installHarness } from './harness';
import './plain.css';

type Values = Record<string, unknown>;
type OnChange = (key: string, value: unknown) => void;

function Control({
  field,
  value,
  onChange,
}: {
  field: BenchField;
  value: unknown;
  onChange: OnChange;
}) {
  const id = field.key;
  switch (field.kind) {
    case 'string':
      return (
        <input
          id={id}
          type="text"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(id, e.target.value)}
        />
      );
    case 'number':
    case 'integer':
      return (
        <input
          id={id}
          type="number"
          {...(field.kind === 'integer'
            ? { min: INTEGER_MIN, max: INTEGER_MAX, step: 1 }
            : { step: 'any' })}
          value={typeof value === 'number' ? value : ''}
          onChange={(e) => onChange(id, e.target.value === '' ? undefined : Number(e.target.value))}
        />
      );
    case 'enum':
      return (
        <select
          id={id}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(id, e.target.value || undefined)}
        >
          <option value="" />
          {CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      );
    case 'boolean':
      return (
        <input
          id={id}
          type="checkbox"
          checked={value === true}
          onChange={(e) => onChange(id, e.target.checked)}
        />
      );
    case 'date':
      return (
        <input
          id={id}
          type="date"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(id, e.target.value || undefined)}
        />
      );
  }
}

const Field = memo(function Field({
  field,
  value,
  onChange,
}: {
  field: BenchField;
  value: unknown;
  onChange: OnChange;
}) {
  return (
    <div className="cell">
      <label htmlFor={field.key}>
        {field.label}
        {field.required ? ' *' : ''}
      </label>
      <Control field={field} value={value} onChange={onChange} />
    </div>
  );
});

function App({
  fields,
  initial,
  stateRef,
}: {
  fields: BenchField[];
  initial: Values;
  stateRef: RefObject<Values>;
}) {
  const [values, setValues] = useState(initial);
  const onChange = useCallback<OnChange>(
    (key, value) => setValues((prev) => ({ ...prev, [key]: value })),
    [],
  );
  useEffect(() => {
    // The harness reads the state from outside React.
    stateRef.current = values;
  }, [stateRef, values]);
  return (
    <form
      className="grid"
      onSubmit={(event) => {
        event.preventDefault();
        handValidate(fields, values);
      }}
    >
      {fields.map((field) => (
        <Field key={field.key} field={field} value={values[field.key]} onChange={onChange} />
      ))}
      <button type="submit">Submit</button>
    </form>
  );
}

const n = fieldCount();
const fields = benchFields(n);
const stateRef: RefObject<Values> = { current: {} };
let root: Root | null = null;
installHarness(
  {
    mount(container, values) {
      root = createRoot(container);
      root.render(<App fields={fields} initial={{ ...(values ?? {}) }} stateRef={stateRef} />);
    },
    unmount() {
      root?.unmount();
    },
    control(index) {
      return document.getElementById(`f${index}`) as HTMLInputElement | null;
    },
    stateValue(key) {
      return stateRef.current[key];
    },
    validate() {
      return handValidate(fields, stateRef.current);
    },
    submit() {
      document.querySelector('form')?.requestSubmit();
    },
  },
  { n, typingIndex: typingIndex(n), filled: filledValues(fields) },
);
document.documentElement.dataset.ready = 'true';
