import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGE_KINDS, OUTCOME_TYPES } from '../../../../schemas/forms';
import { FIELD_CATALOG } from '../../../../plugins/catalog';
import { UNSUPPORTED_TYPE } from '../plugins/pluginCatalog';
import { normalizedFormErrors } from './testing/compilerTestKit';
import { detectFormKind } from './detectFormKind';
import {
  compileForm,
  computeLayout,
  validateDefinition,
  validateFormValues,
} from '../../../../plugins/compiler';

// Arbitraries shaped after the format schemas: every value they produce must pass its
// schema (checked below), so the property covers exactly "any valid definition".

const text = fc.string({ maxLength: 12 });
const nonEmpty = fc.string({ minLength: 1, maxLength: 12 });
// A few shared ids make duplicates, references and cycles likely.
const fieldId = fc.oneof(fc.constantFrom('a', 'b', 'c', 'amount', 'rate', '__proto__'), text);
const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 });
const jsonValue = fc.jsonValue({ maxDepth: 2 });
const nullable = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });

const localized = fc.oneof(
  text,
  fc
    .record({ en: text, es: text, fr: text }, { requiredKeys: [] })
    .filter((value) => Object.keys(value).length > 0),
);

// Formulas: mostly well-formed over the shared ids, sometimes any text.
const expression: fc.Arbitrary<string> = fc
  .letrec<{ expr: string }>((tie) => ({
    expr: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constantFrom('a', 'b', 'c', 'amount', 'rate', 'missing', '1', '0.45', '"x"', 'true'),
      fc
        .tuple(
          tie('expr'),
          fc.constantFrom('+', '-', '*', '/', '%', '<=', '==', '&&', '||'),
          tie('expr'),
        )
        .map(([l, op, r]) => `(${l} ${op} ${r})`),
      fc
        .tuple(
          fc.constantFrom('SUM', 'ROUND', 'PMT', 'IF', 'MAX', 'COALESCE', 'NOPE'),
          fc.array(tie('expr'), { maxLength: 3 }),
        )
        .map(([name, args]) => `${name}(${args.join(', ')})`),
      fc.tuple(tie('expr'), tie('expr'), tie('expr')).map(([t, c, a]) => `${t} ? ${c} : ${a}`),
      fc.constantFrom('a.b', 'this', '[1]', 'a(', ''),
    ),
  }))
  .expr.filter((source) => source.length > 0 && source.length <= 2000);

// Every Flowable type name a plugin folder answers to: drawn from the folders found.
const PLAIN_NAMES = FIELD_CATALOG.types.flatMap((type) => FIELD_CATALOG.rulesOf(type).plainAliases);

const plainLeaf = fc.record(
  {
    fieldType: nullable(fc.constantFrom('FormField', 'OptionFormField', 'ExpressionFormField')),
    id: fieldId,
    name: nullable(text),
    type: fc.oneof(fc.constantFrom(...PLAIN_NAMES), text),
    value: jsonValue,
    required: nullable(fc.boolean()),
    readOnly: nullable(fc.boolean()),
    placeholder: nullable(text),
    minLength: nullable(fc.oneof(fc.integer({ min: -5, max: 50 }), fc.constantFrom('0', '3', 'x'))),
    maxLength: nullable(
      fc.oneof(fc.integer({ min: -5, max: 500 }), fc.constantFrom('0', '80', '')),
    ),
    minValue: nullable(fc.oneof(finite, fc.constantFrom('0', '2020-01-01', 'abc'))),
    maxValue: nullable(fc.oneof(finite, fc.constantFrom('100', '1e400'))),
    regexPattern: nullable(fc.oneof(text, fc.constantFrom('^[0-9]+$', '(a+)+', '['))),
    params: nullable(fc.dictionary(text, jsonValue, { maxKeys: 3 })),
    layout: nullable(
      fc.record(
        {
          row: nullable(fc.integer({ min: -1, max: 5 })),
          column: nullable(fc.integer({ min: -1, max: 5 })),
          colspan: nullable(fc.integer({ min: -1, max: 5 })),
        },
        { requiredKeys: [] },
      ),
    ),
    colspan: nullable(fc.integer({ min: 0, max: 4 })),
    hasEmptyValue: nullable(fc.boolean()),
    options: nullable(
      fc.array(
        fc.record(
          { id: nullable(fc.oneof(text, fc.integer())), name: nullable(text) },
          { requiredKeys: [] },
        ),
        { maxLength: 4 },
      ),
    ),
    expression: nullable(text),
    hyperlinkUrl: nullable(text),
    tab: nullable(fc.constantFrom('t1', 't2', 'unknown')),
  },
  { requiredKeys: ['id', 'type'] },
);

type PlainNode = Record<string, unknown>;
const plainField: fc.Arbitrary<PlainNode> = fc.letrec<{ field: PlainNode }>((tie) => ({
  field: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    plainLeaf,
    fc.record(
      {
        id: fieldId,
        type: fc.constantFrom('container', 'group'),
        name: nullable(text),
        numberOfColumns: nullable(fc.integer({ min: 1, max: 4 })),
        fields: fc.oneof(
          fc.array(tie('field'), { maxLength: 4 }),
          fc.array(fc.array(tie('field'), { maxLength: 3 }), { minLength: 1, maxLength: 3 }),
          fc.dictionary(
            fc.constantFrom('1', '2', '3', 'x'),
            nullable(fc.array(tie('field'), { maxLength: 3 })),
          ),
        ),
      },
      { requiredKeys: ['id', 'type', 'fields'] },
    ),
  ),
})).field;

const plainBody = {
  fields: fc.array(plainField, { maxLength: 8 }),
  outcomes: nullable(
    fc.array(fc.record({ id: nullable(text), name: text }, { requiredKeys: ['name'] }), {
      maxLength: 3,
    }),
  ),
  outcomeVariableName: nullable(text),
  tabs: nullable(
    fc.array(fc.record({ id: fc.constantFrom('t1', 't2', ''), title: nullable(text) }), {
      maxLength: 3,
    }),
  ),
};
const plainForm = fc.oneof(
  fc.record(
    {
      id: nullable(fc.oneof(text, fc.integer())),
      key: nullable(text),
      name: nullable(text),
      version: nullable(fc.integer({ min: 0, max: 9 })),
      ...plainBody,
    },
    { requiredKeys: ['fields'] },
  ),
  fc.record({ key: text, formDefinition: fc.record(plainBody, { requiredKeys: ['fields'] }) }),
);

const outcome = fc.record(
  { key: nonEmpty, label: localized, type: fc.constantFrom(...OUTCOME_TYPES) },
  { requiredKeys: ['key', 'label'] },
);

// The config each known type requires; other types get a loose one.
const configFor = (type: string): fc.Arbitrary<Record<string, unknown> | undefined> => {
  switch (type) {
    case 'formula':
      return fc.record(
        {
          expression,
          decimals: fc.integer({ min: 0, max: 10 }),
          resultType: fc.constantFrom('number', 'string', 'boolean'),
        },
        { requiredKeys: ['expression'] },
      );
    case 'error-messages':
      return fc.record(
        {
          kind: fc.constantFrom(...MESSAGE_KINDS),
          message: localized,
          condition: expression,
          blockIfFalse: fc.boolean(),
        },
        { requiredKeys: ['kind', 'message'] },
      );
    case 'outcomes':
      return fc.record({ outcomes: fc.array(outcome, { minLength: 1, maxLength: 3 }) });
    case 'expression':
      return fc.record({ expression: text });
    case 'hyperlink':
      return fc.record({ url: nonEmpty, displayText: localized }, { requiredKeys: ['url'] });
    case 'webhook-button':
    case 'webhookButton':
      return fc.record({ webhook: fc.constantFrom('credit-check', 'Bureau_2.check-1') });
    case 'multiline':
      return fc.option(fc.record({ maxLength: fc.integer({ min: 1, max: 2000 }) }), {
        nil: undefined,
      });
    case 'dropdown':
    case 'radio':
      // A one-choice field may name a system dictionary instead of listing options.
      return fc.option(
        fc.record({ dictionary: fc.constantFrom('currencies', 'loan-products_2') }),
        { nil: undefined },
      );
    case 'picture':
      return fc.option(
        fc.record({
          quality: fc.constantFrom('standard', 'good', 'high'),
          aspect: fc.constantFrom('3:2', '3:4', '4:3', '16:9'),
        }),
        { nil: undefined },
      );
    case 'number':
      return fc.option(fc.record({ numberKind: fc.constantFrom('integer', 'decimal', 'amount') }), {
        nil: undefined,
      });
    default:
      return fc.option(fc.dictionary(text, jsonValue, { maxKeys: 2 }), { nil: undefined });
  }
};

// Every type the plugin folders offer the designer, and its aliases (`input`).
const DESIGNER_TYPES = [
  ...FIELD_CATALOG.types.filter((type) => type !== UNSUPPORTED_TYPE),
  ...FIELD_CATALOG.types.flatMap((type) => FIELD_CATALOG.get(type)?.designerAliases ?? []),
];

const designerField = fc
  .oneof(fc.constantFrom(...DESIGNER_TYPES), nonEmpty)
  .chain((type) =>
    fc.record(
      {
        id: fieldId.filter((id) => id.length > 0),
        type: fc.constant(type),
        label: localized,
        placeholder: localized,
        desktopWidth: fc.integer({ min: -2, max: 16 }),
        tabWidth: fc.integer({ min: -2, max: 16 }),
        phoneWidth: fc.integer({ min: -2, max: 16 }),
        newRow: fc.boolean(),
        readOnly: fc.boolean(),
        defaultValue: jsonValue,
        validation: fc.record(
          {
            required: fc.boolean(),
            min: fc.oneof(finite, text),
            max: fc.oneof(finite, text),
            minLength: fc.nat(100),
            maxLength: fc.nat(1000),
            pattern: fc.oneof(text, fc.constantFrom('^\\d+$', '(x*)*', '(')),
          },
          { requiredKeys: [] },
        ),
        options: fc.array(
          fc.record({ name: localized, value: fc.oneof(text, fc.integer(), fc.boolean()) }),
          { maxLength: 4 },
        ),
        config: configFor(type),
        datastoreLink: fc.record({
          linkType: nonEmpty,
          objectDefinitionKey: nonEmpty,
          version: fc.integer({ min: 1, max: 9 }),
        }),
      },
      {
        requiredKeys: [
          'id',
          'type',
          ...([
            'formula',
            'error-messages',
            'outcomes',
            'expression',
            'hyperlink',
            'webhook-button',
            'webhookButton',
          ].includes(type)
            ? (['config'] as const)
            : []),
        ],
      },
    ),
  )
  .map((field) => JSON.parse(JSON.stringify(field)) as Record<string, unknown>);

const designerForm = fc.record(
  {
    id: text.map((suffix) => `DSG-${suffix}`),
    name: localized,
    version: fc.integer({ min: 1, max: 9 }),
    fields: fc.array(designerField, { maxLength: 8 }),
    sections: fc.array(
      fc.record(
        { id: nonEmpty, title: localized, fields: fc.array(designerField, { maxLength: 5 }) },
        { requiredKeys: ['fields'] },
      ),
      { maxLength: 3 },
    ),
    outcomes: fc.array(outcome, { maxLength: 3 }),
    outcomeVariableName: nonEmpty,
  },
  { requiredKeys: ['id', 'name', 'fields'] },
);

const plainFormNotPrefixed = plainForm.filter((form) => {
  const { id, key } = form as { id?: unknown; key?: unknown };
  return ![id, key].some(
    (v) => typeof v === 'string' && (v.startsWith('DSG-') || v.startsWith('CUT-')),
  );
});

const combinedTask = fc.record(
  {
    id: text.map((suffix) => `CUT-${suffix}`),
    name: localized,
    forms: fc.array(
      fc.oneof(
        fc.record({ ref: fc.constantFrom('known-plain', 'DSG-known', 'missing', 'CUT-nested') }),
        // Inline forms take their format from a `DSG-` id only, so any plain form goes.
        plainForm,
        designerForm,
      ),
      { minLength: 1, maxLength: 3 },
    ),
  },
  { requiredKeys: ['id', 'name', 'forms'] },
);

const anyDefinition = fc.oneof(plainFormNotPrefixed, designerForm, combinedTask);

const resolver = (known: Record<string, unknown>) => (ref: string) => known[ref];

describe('compileForm over any valid definition', () => {
  it('given a definition valid against its schema, when compiled, then a valid normalised form comes back', () => {
    fc.assert(
      fc.property(
        anyDefinition,
        plainFormNotPrefixed,
        designerForm,
        (definition, knownPlain, knownDesigner) => {
          // 1. The generators honour the schemas; otherwise the property would prove nothing.
          const kind = detectFormKind(definition);
          expect(validateDefinition(kind, definition)).toEqual([]);
          // 2. Compiling never throws, never errors, and yields a normalised form.
          const resolveForm = resolver({
            'known-plain': knownPlain,
            'DSG-known': { ...knownDesigner, id: 'DSG-known' },
            'CUT-nested': { id: 'CUT-nested', name: 'N', forms: [{ ref: 'x' }] },
          });
          const result = compileForm(definition, { resolveForm });
          expect(result.errors).toEqual([]);
          expect(result.form).not.toBeNull();
          expect(normalizedFormErrors(result.form)).toEqual([]);
          // 3. Ids are unique within each part (the whole form unless combined).
          const groups = result.form?.parts?.map((part) => part.sectionIds) ?? [
            result.form?.sections.map((s) => s.id) ?? [],
          ];
          for (const sectionIds of groups) {
            const ids = result.form?.sections
              .filter((s) => sectionIds.includes(s.id))
              .flatMap((s) => s.fields.map((f) => f.id));
            expect(new Set(ids).size).toBe(ids?.length);
          }
          // 4. Every later stage accepts what the compiler produced.
          if (result.form) {
            for (const section of result.form.sections) computeLayout(section.fields);
            validateFormValues(
              result.form.sections.flatMap((s) => s.fields),
              {},
            );
          }
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);
});
