import { describe, expect, it } from 'vitest';
import type { NormalizedForm } from '../../../../schemas/forms';
import { i18n } from '../../../i18n/i18n';
import { largeDesignerForm } from './testing/largeDesignerForm';
import type { ParsedForm } from './compileTypes';
import { createIdAllocator, dedupeFieldIds } from './dedupeFieldIds';
import { MAX_CONTAINER_NESTING, MAX_FORM_FIELDS, measureDefinition } from './measureDefinition';
import { compileForm } from '../../../../plugins/compiler';

/** A plain form whose one top-level container holds `levels` containers, one in another. */
function nestedPlainForm(levels: number): object {
  let inner: object = { id: 'leaf', type: 'text', name: 'Leaf' };
  for (let level = levels; level >= 1; level -= 1) {
    inner = { id: `c${level}`, type: 'container', fields: [[inner]] };
  }
  return { key: 'nested', name: 'Nested', fields: [inner] };
}

const plainTextFields = (count: number, id: (index: number) => string) => ({
  key: 'many',
  name: 'Many',
  fields: Array.from({ length: count }, (_, index) => ({
    id: id(index),
    type: 'text',
    name: `Field ${index}`,
  })),
});

const fieldIds = (form: NormalizedForm | null): string[] =>
  form?.sections.flatMap((section) => section.fields.map((field) => field.id)) ?? [];

describe('compile limits', () => {
  it('given containers nested 297 deep, when compiled, then it is refused with a code, not a stack overflow', () => {
    const result = compileForm(nestedPlainForm(297));
    expect(result.form).toBeNull();
    expect(result.errors).toEqual([
      expect.objectContaining({
        code: 'limit.nestingTooDeep',
        params: { limit: MAX_CONTAINER_NESTING },
      }),
    ]);
    // The pointer names the first container beyond the limit.
    expect(result.errors[0]?.path.split('/fields/')).toHaveLength(MAX_CONTAINER_NESTING + 3);
  });

  it('given containers nested exactly to the limit, when compiled, then the form compiles', () => {
    const result = compileForm(nestedPlainForm(MAX_CONTAINER_NESTING));
    expect(result.errors).toEqual([]);
    expect(fieldIds(result.form)).toEqual(['leaf']);
    expect(measureDefinition(nestedPlainForm(MAX_CONTAINER_NESTING)).nesting).toBe(
      MAX_CONTAINER_NESTING,
    );
    expect(compileForm(nestedPlainForm(MAX_CONTAINER_NESTING + 1)).errors[0]?.code).toBe(
      'limit.nestingTooDeep',
    );
  });

  it('given JSON nested thousands deep outside the fields, when compiled, then it is refused with a code', () => {
    let params: object = { end: true };
    for (let level = 0; level < 5_000; level += 1) params = { deeper: params };
    const result = compileForm({
      key: 'deep',
      name: 'Deep',
      fields: [{ id: 'a', type: 'text', name: 'A', params }],
    });
    expect(result.form).toBeNull();
    expect(result.errors).toEqual([
      expect.objectContaining({ code: 'limit.jsonTooDeep', params: { limit: 256 } }),
    ]);
  });

  it('given more fields than the limit, when compiled, then it is refused; at the limit it compiles', () => {
    const over = compileForm(plainTextFields(MAX_FORM_FIELDS + 1, (index) => `f${index}`));
    expect(over.form).toBeNull();
    expect(over.errors).toEqual([
      {
        code: 'limit.tooManyFields',
        path: '',
        params: { limit: MAX_FORM_FIELDS, count: MAX_FORM_FIELDS + 1 },
      },
    ]);
    const at = compileForm(largeDesignerForm(MAX_FORM_FIELDS));
    expect(at.errors).toEqual([]);
    expect(at.warnings).toEqual([]);
    expect(fieldIds(at.form)).toHaveLength(MAX_FORM_FIELDS);
  });

  it('given 20,000 fields sharing one id, when compiled, then they are refused at once by the size limit', () => {
    const definition = plainTextFields(20_000, () => 'same');
    const started = performance.now();
    const result = compileForm(definition);
    const elapsed = performance.now() - started;
    expect(result.errors.map((error) => error.code)).toEqual(['limit.tooManyFields']);
    expect(elapsed).toBeLessThan(2_000);
  });

  it('given 5,000 fields sharing one id, when compiled, then each is renamed in turn, quickly', () => {
    const started = performance.now();
    const result = compileForm(plainTextFields(MAX_FORM_FIELDS, () => 'same'));
    const elapsed = performance.now() - started;
    const ids = fieldIds(result.form);
    expect(ids.slice(0, 3)).toEqual(['same', 'same__2', 'same__3']);
    expect(ids.at(-1)).toBe(`same__${MAX_FORM_FIELDS}`);
    expect(new Set(ids).size).toBe(MAX_FORM_FIELDS);
    expect(result.warnings).toHaveLength(MAX_FORM_FIELDS - 1);
    expect(elapsed).toBeLessThan(3_000);
  });

  it('given 20,000 repeats of one id, when renamed, then it takes linear time', () => {
    // Below the compiler's limit, but what the renaming must bear: quadratic renaming
    // took 21 s here.
    const fields = Array.from({ length: 20_000 }, () => ({ id: 'same' }));
    const parsed = {
      form: {
        id: 'f',
        kind: 'plain',
        name: 'F',
        sections: [{ id: 's', title: 'S', fields }],
        outcomes: [],
      },
      fieldPaths: [fields.map((_, index) => `/fields/${index}`)],
      warnings: [],
    } as unknown as ParsedForm;
    const started = performance.now();
    const renamed = dedupeFieldIds(parsed);
    const elapsed = performance.now() - started;
    const ids = fieldIds(renamed.form);
    expect(ids.at(-1)).toBe('same__20000');
    expect(new Set(ids).size).toBe(20_000);
    expect(elapsed).toBeLessThan(1_000);
  });

  it('given ids that look like generated ones, when renaming, then no generated id collides', () => {
    const next = createIdAllocator(new Set(['a', 'a__2', 'a__4']));
    expect([next('a'), next('a'), next('a'), next('b')]).toEqual(['a__3', 'a__5', 'a__6', 'b__2']);
  });

  it('given a combined task whose forms together exceed the limit, when compiled, then it is refused', () => {
    const half = plainTextFields(3_000, (index) => `f${index}`);
    const forms = new Map<string, unknown>([
      ['first', { ...half, key: 'first' }],
      ['second', { ...half, key: 'second' }],
    ]);
    const result = compileForm(
      { id: 'CUT-big', name: 'Big', forms: [{ ref: 'first' }, { ref: 'second' }] },
      { resolveForm: (ref) => forms.get(ref) },
    );
    expect(result.form).toBeNull();
    expect(result.errors).toEqual([
      {
        code: 'limit.tooManyFields',
        path: '/forms',
        params: { limit: MAX_FORM_FIELDS, count: 6_000 },
      },
    ]);
  });

  it('given a combined task naming a form nested too deep, when compiled, then that part is refused with a warning', () => {
    const result = compileForm(
      { id: 'CUT-deep', name: 'Deep', forms: [{ ref: 'deep' }] },
      { resolveForm: () => nestedPlainForm(297) },
    );
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([
      expect.objectContaining({
        code: 'combined.invalidForm',
        path: '/forms/0/ref',
        params: expect.objectContaining({ firstError: 'limit.nestingTooDeep' }),
      }),
    ]);
  });
});

describe('compile limit messages', () => {
  it.each(['en', 'es', 'fr'])(
    'given a refused size in %s, when the finding is translated, then it says which limit',
    (lng) => {
      for (const code of ['limit.tooManyFields', 'limit.nestingTooDeep', 'limit.jsonTooDeep']) {
        const key = `forms.warnings.${code}`;
        expect(i18n.exists(key, { lng }), key).toBe(true);
        expect(i18n.t(key, { lng, limit: 5000, count: 6000 })).toContain('5 000');
      }
    },
  );
});
