import { describe, expect, it } from 'vitest';
import type { NormalizedField, NormalizedForm } from '../../../../schemas/forms';
import type { CompileWarning } from './compileTypes';
import { fixtureResolver, loadFixture, normalizedFormErrors } from './testing/compilerTestKit';
import { compileForm } from '../../../../plugins/compiler';

const fieldsOf = (form: NormalizedForm | null): NormalizedField[] =>
  form?.sections.flatMap((section) => section.fields) ?? [];
const fieldById = (form: NormalizedForm | null, id: string) =>
  fieldsOf(form).find((field) => field.id === id);
const codes = (warnings: readonly CompileWarning[]) => warnings.map((warning) => warning.code);

// The demo forms already use the media fields, whose plugin folders do not exist yet: until
// they do, each is an unknown type (a visible unsupported box), and nothing else may warn.
const MEDIA_TYPES = new Set(['upload', 'signature', 'picture', 'gps', 'uploadExcel']);
const beyondMedia = (warnings: readonly CompileWarning[]) =>
  warnings.filter(
    (warning) =>
      warning.code !== 'field.unknownType' || !MEDIA_TYPES.has(String(warning.params.type)),
  );

const designer = (fields: object[], extra: object = {}) => ({
  id: 'DSG-test',
  name: 'Test',
  fields,
  ...extra,
});

describe('compileForm', () => {
  describe('given the fixtures', () => {
    it.each([
      'plain-every-type.json',
      'flowable-loan-request.json',
      'DSG-loan-application.json',
      'DSG-customer-onboarding.json',
      'CUT-loan-review.json',
    ])('when %s compiles, then it is a valid normalised form without warnings', (name) => {
      const result = compileForm(loadFixture(name), { resolveForm: fixtureResolver });
      expect(result.errors).toEqual([]);
      expect(beyondMedia(result.warnings)).toEqual([]);
      expect(normalizedFormErrors(result.form)).toEqual([]);
    });

    it('when every invalid fixture compiles, then the form is null and errors say why', () => {
      for (const name of [
        'invalid-plain-fields-not-array.json',
        'invalid-designer-missing-name.json',
        'invalid-designer-formula-without-expression.json',
        'invalid-designer-message-kind.json',
        'invalid-designer-label-locale.json',
        'invalid-combined-no-forms.json',
        'invalid-not-an-object.json',
      ]) {
        const result = compileForm(loadFixture(name));
        expect({ name, form: result.form }).toEqual({ name, form: null });
        expect(result.errors.length).toBeGreaterThan(0);
        for (const error of result.errors) expect(error.code).toMatch(/^schema\./);
      }
    });

    it('when the warnings showcase compiles, then it still renders and lists each problem', () => {
      const result = compileForm(loadFixture('DSG-form-with-warnings.json'));
      expect(result.form).not.toBeNull();
      expect(normalizedFormErrors(result.form)).toEqual([]);
      expect(new Set(codes(result.warnings))).toEqual(
        new Set([
          'field.unknownType',
          'field.duplicateId',
          'layout.widthOutOfRange',
          'validation.unsupportedPattern',
          'formula.unknownReference',
          'formula.cycle',
          'formula.syntax',
          'formula.forbiddenSyntax',
          'formula.unknownFunction',
        ]),
      );
    });
  });

  describe('given a malformed definition', () => {
    it('when a required property is missing, then the error points at it with params', () => {
      const result = compileForm({ id: 'DSG-x', fields: [] });
      expect(result.form).toBeNull();
      expect(result.errors).toContainEqual({
        code: 'schema.required',
        path: '',
        params: { missingProperty: 'name' },
      });
    });

    it('when a field id is a number, then it is read as its text, as Flowable exports write it', () => {
      const result = compileForm({ key: 'p', fields: [{ id: 7, type: 'text' }] });
      expect(result.errors).toEqual([]);
      expect(result.form?.sections[0]?.fields[0]?.id).toBe('7');
    });

    it('when a field has no id, then it is named and reported with a warning, not refused', () => {
      // Valid for the compiler, not for the format's schema: the compiler names the field.
      const result = compileForm({
        key: 'broken-plain-id',
        name: 'A field without id',
        fields: [{ name: 'Full name', type: 'text' }],
      });
      expect(result.errors).toEqual([]);
      expect(result.warnings).toEqual([
        { code: 'field.missingId', path: '/fields/0/id', params: { generatedId: 'field_1' } },
      ]);
      expect(result.form?.sections[0]?.fields[0]?.label).toBe('Full name');
    });

    it('when the definition is not JSON-shaped at all, then it is an error, not an exception', () => {
      for (const value of [null, 42, 'DSG-x', undefined]) {
        expect(compileForm(value).form).toBeNull();
      }
    });

    it('when a kind is forced, then that format is used regardless of the id', () => {
      const result = compileForm({ key: 'plain', fields: [] }, { kind: 'designer' });
      expect(result.form).toBeNull();
    });
  });

  describe('given each recoverable problem', () => {
    it('when a field type is unknown, then it becomes an unsupported field with a warning', () => {
      const result = compileForm(designer([{ id: 'stars', type: 'star-rating', label: 'Stars' }]));
      expect(fieldById(result.form, 'stars')).toMatchObject({
        type: 'unsupported',
        originalType: 'star-rating',
        valueType: 'none',
      });
      expect(result.warnings).toEqual([
        { code: 'field.unknownType', path: '/fields/0/type', params: { type: 'star-rating' } },
      ]);
    });

    it('when a plain field type is unknown, then it is unsupported too', () => {
      const result = compileForm({ key: 'p', fields: [{ id: 't', type: 'chess-board' }] });
      expect(fieldById(result.form, 't')?.type).toBe('unsupported');
      expect(codes(result.warnings)).toEqual(['field.unknownType']);
    });

    it('when a width is out of range, then it is clamped with a warning per width', () => {
      const result = compileForm(
        designer([{ id: 'a', type: 'input', desktopWidth: 0, tabWidth: 13, phoneWidth: 12 }]),
      );
      expect(fieldById(result.form, 'a')?.widths).toEqual({ desktop: 1, tablet: 12, phone: 12 });
      expect(result.warnings).toEqual([
        {
          code: 'layout.widthOutOfRange',
          path: '/fields/0/desktopWidth',
          params: { breakpoint: 'desktop', width: 0, clampedTo: 1 },
        },
        {
          code: 'layout.widthOutOfRange',
          path: '/fields/0/tabWidth',
          params: { breakpoint: 'tablet', width: 13, clampedTo: 12 },
        },
      ]);
    });

    it('when ids repeat, then later ones are renamed id__2, id__3 without colliding', () => {
      const result = compileForm(
        designer([
          { id: 'a', type: 'input' },
          { id: 'a', type: 'input' },
          { id: 'a__2', type: 'input' },
          { id: 'a', type: 'input' },
        ]),
      );
      expect(fieldsOf(result.form).map((f) => f.id)).toEqual(['a', 'a__3', 'a__2', 'a__4']);
      expect(result.warnings).toEqual([
        { code: 'field.duplicateId', path: '/fields/1/id', params: { id: 'a', renamedTo: 'a__3' } },
        { code: 'field.duplicateId', path: '/fields/3/id', params: { id: 'a', renamedTo: 'a__4' } },
      ]);
    });

    it('when a field is named __proto__, constructor or prototype, then it is renamed with field.reservedId and its value is an ordinary one', () => {
      const result = compileForm(
        designer([
          { id: '__proto__', type: 'text' },
          { id: 'constructor', type: 'text' },
          { id: 'prototype', type: 'number' },
        ]),
      );
      const ids = fieldsOf(result.form).map((f) => f.id);
      expect(ids).toEqual(['__proto____2', 'constructor__2', 'prototype__2']);
      expect(result.warnings.map((warning) => [warning.code, warning.params])).toEqual([
        ['field.reservedId', { id: '__proto__', renamedTo: '__proto____2' }],
        ['field.reservedId', { id: 'constructor', renamedTo: 'constructor__2' }],
        ['field.reservedId', { id: 'prototype', renamedTo: 'prototype__2' }],
      ]);
    });

    it('when a formula names a missing field, then formula.unknownReference is reported', () => {
      const result = compileForm(
        designer([
          { id: 'a', type: 'number' },
          { id: 'total', type: 'formula', config: { expression: 'a + b' } },
        ]),
      );
      expect(result.warnings).toEqual([
        {
          code: 'formula.unknownReference',
          path: '/fields/1/config/expression',
          params: { fieldId: 'total', reference: 'b' },
        },
      ]);
    });

    it('when formulas read each other, then one formula.cycle lists the members', () => {
      const result = compileForm(
        designer([
          { id: 'a', type: 'formula', config: { expression: 'b * 2' } },
          { id: 'b', type: 'formula', config: { expression: 'a / 2' } },
        ]),
      );
      expect(result.warnings).toHaveLength(1);
      expect(result.warnings[0]?.code).toBe('formula.cycle');
      expect([...((result.warnings[0]?.params.fieldIds as string[]) ?? [])].sort()).toEqual([
        'a',
        'b',
      ]);
    });

    it('when a formula does not parse, then formula.syntax is reported and the form still compiles', () => {
      const result = compileForm(
        designer([{ id: 'x', type: 'formula', config: { expression: 'SUM(1,' } }]),
      );
      expect(result.form).not.toBeNull();
      expect(result.warnings[0]).toMatchObject({
        code: 'formula.syntax',
        path: '/fields/0/config/expression',
      });
    });

    it('when a formula uses member access or an unknown function, then those are warnings', () => {
      const result = compileForm(
        designer([
          { id: 'n', type: 'number' },
          { id: 'x', type: 'formula', config: { expression: 'n.constructor' } },
          { id: 'y', type: 'formula', config: { expression: 'eval(n)' } },
          { id: 'z', type: 'formula', config: { expression: 'PMT(n)' } },
        ]),
      );
      expect(codes(result.warnings)).toEqual([
        'formula.forbiddenSyntax',
        'formula.unknownFunction',
        'formula.argumentCount',
      ]);
    });

    it('when a message condition is broken, then it is checked like a formula', () => {
      const result = compileForm(
        designer([
          {
            id: 'm',
            type: 'error-messages',
            config: { kind: 'Error', message: 'No', condition: 'ratio <= ', blockIfFalse: true },
          },
        ]),
      );
      expect(result.warnings[0]).toMatchObject({
        code: 'formula.syntax',
        path: '/fields/0/config/condition',
      });
    });

    it('when a pattern needs look-around or a back-reference, then it is dropped with a warning', () => {
      const result = compileForm(
        designer([
          { id: 'a', type: 'input', validation: { pattern: '^(?=A)[A-Z]+$' } },
          { id: 'b', type: 'input', validation: { pattern: '^(a)\\1$' } },
          { id: 'c', type: 'input', validation: { pattern: '(x+x+)+y' } },
        ]),
      );
      expect(fieldById(result.form, 'a')?.validation).toEqual({});
      expect(fieldById(result.form, 'b')?.validation).toEqual({});
      // Nested quantifiers run in linear time on the pattern engine: nothing to refuse.
      expect(fieldById(result.form, 'c')?.validation).toEqual({ pattern: '(x+x+)+y' });
      expect(result.warnings).toEqual([
        expect.objectContaining({
          code: 'validation.unsupportedPattern',
          path: '/fields/0/validation/pattern',
        }),
        expect.objectContaining({
          code: 'validation.unsupportedPattern',
          path: '/fields/1/validation/pattern',
        }),
      ]);
    });

    it('when options repeat a value, then the first is kept with a warning', () => {
      const result = compileForm(
        designer([
          {
            id: 'd',
            type: 'dropdown',
            options: [
              { name: 'A', value: 'a' },
              { name: 'A again', value: 'a' },
            ],
          },
        ]),
      );
      expect(fieldById(result.form, 'd')?.options).toEqual([{ value: 'a', label: 'A' }]);
      expect(result.warnings).toEqual([
        { code: 'field.duplicateOptionValue', path: '/fields/0/options/1', params: { value: 'a' } },
      ]);
    });

    it('when a plain field has an empty id, then an id is generated with a warning', () => {
      const result = compileForm({ key: 'p', fields: [{ id: '', type: 'text', name: 'X' }] });
      expect(fieldById(result.form, 'field_1')).toBeDefined();
      expect(codes(result.warnings)).toEqual(['field.missingId']);
    });
  });

  describe('given a plain form without key or id', () => {
    it('when a formId option is given, then it names the form', () => {
      const result = compileForm({ fields: [] }, { formId: 'task-form-7' });
      expect(result.form?.id).toBe('task-form-7');
    });
  });
});
