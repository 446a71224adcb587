import Ajv from 'ajv';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALIZED_TEXT_SCHEMA, OUTCOME_SCHEMA } from './configSchemas';
import {
  CombinedTask,
  DesignerForm,
  DesignerOutcome,
  LocalizedText,
  NormalizedForm,
  PlainForm,
} from './index';
import { validateDefinition } from '../../plugins/compiler';

// Vitest defines __dirname in every environment; plain ESM (tsx) has only import.meta.url.
const HERE =
  typeof __dirname === 'string' ? __dirname : fileURLToPath(new URL('.', import.meta.url));
const FIXTURES = join(HERE, '..', '..', 'fixtures', 'forms');
const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as unknown;
const compile = (schema: object) =>
  new Ajv({ allErrors: true, strict: true, strictRequired: false }).compile(schema);

// Compiling a format schema is the heavy part (hundreds of ms each, seconds on a busy
// machine): each is compiled once, and every fixture is checked with that one validator.
const compiled = new Map<object, ReturnType<typeof compile>>();
const validator = (schema: object) => {
  const known = compiled.get(schema);
  if (known) return known;
  const validate = compile(schema);
  compiled.set(schema, validate);
  return validate;
};

const byPrefix = (name: string) =>
  name.startsWith('DSG-') ? DesignerForm : name.startsWith('CUT-') ? CombinedTask : PlainForm;

describe('form format schemas', () => {
  it('given the four schemas, when compiled in strict mode, then none is refused', () => {
    for (const schema of [PlainForm, DesignerForm, CombinedTask, NormalizedForm]) {
      expect(() => validator(schema)).not.toThrow();
    }
  });

  it('given every valid fixture, when validated against its format, then it passes', () => {
    const names = readdirSync(FIXTURES).filter(
      (n) => n.endsWith('.json') && !n.startsWith('invalid-'),
    );
    expect(names.length).toBeGreaterThanOrEqual(5);
    for (const name of names) {
      const validate = validator(byPrefix(name));
      expect({ name, valid: validate(fixture(name)), errors: validate.errors ?? null }).toEqual({
        name,
        valid: true,
        errors: null,
      });
    }
  });

  it('given every invalid fixture, when checked as the format its id picks, then it fails', () => {
    const names = readdirSync(FIXTURES).filter((n) => n.startsWith('invalid-'));
    expect(names.length).toBeGreaterThanOrEqual(5);
    for (const name of names) {
      const body = fixture(name) as { id?: unknown };
      const id = typeof body.id === 'string' ? body.id : '';
      const kind = id.startsWith('DSG-')
        ? 'designer'
        : id.startsWith('CUT-')
          ? 'combined'
          : 'plain';
      // The format's schema, and a designer field's config against its plugin's schema.
      expect({ name, valid: validateDefinition(kind, body).length === 0 }).toEqual({
        name,
        valid: false,
      });
    }
  });

  it('given a plain field with extra Flowable properties, when validated, then they are allowed', () => {
    const validate = validator(PlainForm);
    expect(
      validate({
        key: 'k',
        fields: [{ id: 'a', type: 'text', sizeX: 2, visibilityCondition: null }],
      }),
    ).toBe(true);
  });

  it('given a designer field with an unknown property, when validated, then it is refused unless x-', () => {
    const validate = validator(DesignerForm);
    const form = (field: object) => ({
      id: 'DSG-x',
      name: 'X',
      fields: [{ id: 'a', type: 'input', ...field }],
    });
    expect(validate(form({ colour: 'red' }))).toBe(false);
    expect(validate(form({ 'x-editor': { colour: 'red' } }))).toBe(true);
  });

  it('given a designer form whose id lacks the prefix, when validated, then the pattern refuses it', () => {
    expect(validator(DesignerForm)({ id: 'loan', name: 'Loan', fields: [] })).toBe(false);
  });

  it('given an inline designer form in a combined task, when broken, then the check names its field', () => {
    const errors = validateDefinition('combined', {
      id: 'CUT-x',
      name: 'X',
      forms: [{ id: 'DSG-inline', name: 'Inline', fields: [{ id: 'f', type: 'formula' }] }],
    });
    expect(errors.map((error) => error.path)).toEqual(['/forms/0/fields/0']);
  });

  it("given the plain JSON pieces of the plugins' config schemas, then they say what the formats say", () => {
    // TypeBox marks its schemas with symbols; JSON keeps only what validators read.
    const json = (schema: unknown): unknown => JSON.parse(JSON.stringify(schema));
    expect(json(LOCALIZED_TEXT_SCHEMA)).toEqual(json(LocalizedText));
    expect(json(OUTCOME_SCHEMA)).toEqual(json(DesignerOutcome));
  });
});
