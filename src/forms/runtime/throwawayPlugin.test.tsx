import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { NormalizedForm } from '../../../schemas/forms';
import { checkFormValues } from '../../../server/forms/checkFormValues';
import { compileStoredForm } from '../../../server/forms/compileStoredForm';
import type { FieldRules } from '../../core/forms/plugins/defineFieldRules';
import { PLUGIN_RULE_MODULES } from '../../../plugins/catalog';
import { createPluginCatalog } from '../../core/forms/plugins/pluginCatalog';
import { createFieldRegistry } from '../registry/createFieldRegistry';
import type { FieldPlugin } from '../registry/fieldPlugin';
import { FormStore } from './FormStore';
import { TaskForm } from './TaskForm';
import { compileForm } from '../../../plugins/compiler';

// A fixture tree of two plugin folders that exist nowhere else: a rating (a number) and a
// place (an object). Each is found the way the app finds its own folders, and no other
// file names them: the compiler, the browser and the server learn them from the folders.
const fixtureRules = import.meta.glob<FieldRules>('./testing/plugins/*/rules.ts', {
  eager: true,
  import: 'default',
});
const fixturePlugins = import.meta.glob<FieldPlugin>('./testing/plugins/*/index.tsx', {
  eager: true,
  import: 'default',
});
const catalog = createPluginCatalog({ ...PLUGIN_RULE_MODULES, ...fixtureRules });

const definition = {
  id: 'DSG-survey',
  name: 'Survey',
  fields: [
    { id: 'name', type: 'input', label: 'Name' },
    { id: 'rating', type: 'rating', label: 'Rating', validation: { required: true } },
    { id: 'meetingPlace', type: 'place', label: 'Meeting place', validation: { required: true } },
  ],
  outcomes: [{ key: 'send', label: 'Send' }],
};

function compiled(): NormalizedForm {
  const result = compileForm(definition, { catalog });
  if (!result.form) throw new Error(JSON.stringify(result.errors));
  expect(result.warnings).toEqual([]);
  return result.form;
}

// The server's check of a save (draft) or a completion (submit) of the survey.
function serverCheck(mode: 'draft' | 'submit', submitted: Record<string, unknown>) {
  const stored = { id: 'DSG-survey', kind: 'designer', version: 1, definition } as const;
  const [part] = compileStoredForm(stored as never, new Map(), catalog).parts;
  if (!part) throw new Error('the survey has no part');
  const result = checkFormValues({ part, mode, submitted, stored: {}, catalog });
  return result.ok ? [] : result.problems.map((problem) => `${problem.path}: ${problem.code}`);
}

describe('a plugin folder added with no other file changed', () => {
  it('given the folders, when a designer form uses the types, then the compiler accepts them', () => {
    const fields = compiled().sections.flatMap((section) => section.fields);
    expect(fields.map((field) => [field.id, field.type, field.valueType])).toEqual([
      ['name', 'text', 'string'],
      ['rating', 'stars', 'integer'],
      ['meetingPlace', 'place', 'object'],
    ]);
  });

  it('given the form in the browser, when submitted empty and then with bad values, then the plugins answer', () => {
    const form = compiled();
    const registry = createFieldRegistry(fixturePlugins);
    const store = new FormStore(form, { registry });
    const onSubmit = vi.fn();
    render(
      <TaskForm form={form} store={store} locale="en" registry={registry} onSubmit={onSubmit} />,
    );
    // Rendered by the fixture's widget, not the unsupported box.
    expect(screen.getByLabelText('Rating').tagName).toBe('INPUT');
    expect(document.querySelector('.tf-unsupported')).toBeNull();
    // Required, the empty object included.
    act(() => store.setValue('meetingPlace', {}));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(store.errorsOf('rating')?.map((error) => error.code)).toEqual(['validation.required']);
    expect(store.errorsOf('meetingPlace')?.map((error) => error.code)).toEqual([
      'validation.required',
    ]);
    // The plugins' own codes.
    fireEvent.change(screen.getByLabelText('Rating'), { target: { value: '9' } });
    act(() => store.setValue('meetingPlace', { lat: 48.85 }));
    expect(store.errorsOf('rating')?.map((error) => error.code)).toEqual([
      'validation.stars.range',
    ]);
    expect(store.errorsOf('meetingPlace')?.map((error) => error.code)).toEqual([
      'validation.place.incomplete',
    ]);
  });

  it('given the server, when a save or a completion carries bad values, then it refuses with the plugins’ codes', () => {
    const bad = { rating: 9, meetingPlace: { lat: 48.85 } };
    expect(serverCheck('draft', bad)).toEqual([
      'rating: validation.stars.range',
      'meetingPlace: validation.place.incomplete',
    ]);
    expect(serverCheck('submit', bad)).toEqual([
      'rating: validation.stars.range',
      'meetingPlace: validation.place.incomplete',
    ]);
    expect(serverCheck('submit', { rating: '', meetingPlace: {} })).toEqual([
      'rating: validation.required',
      'meetingPlace: validation.required',
    ]);
    expect(serverCheck('draft', { rating: '', meetingPlace: {} })).toEqual([]);
    expect(serverCheck('submit', { rating: 4, meetingPlace: { lat: 48.85, lng: 2.35 } })).toEqual(
      [],
    );
  });
});
