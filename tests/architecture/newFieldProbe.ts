// What the compiler, the server's save check and the reports know of one field type, read
// with no catalog handed in: each finds the plugin folders its own way (see
// newFieldFolder.test.ts, which runs this under tsx and as esbuild bundles the server).
// Usage: newFieldProbe.ts <type> <designer alias> '<a good value as JSON>' '<a bad one>'
import { checkFormValues } from '../../server/forms/checkFormValues';
import { compileStoredForm } from '../../server/forms/compileStoredForm';
import { shownInReports } from '../../server/reports/completedReports';
import { FIELD_CATALOG } from '../../plugins/catalog';
import { compileForm } from '../../plugins/compiler';

const [type = '', alias = '', good = 'null', bad = 'null'] = process.argv.slice(2);

const definition = {
  id: 'DSG-probe',
  name: 'Probe',
  fields: [
    { id: 'byType', type, label: 'By its type' },
    { id: 'byAlias', type: alias, label: 'By its alias' },
  ],
  outcomes: [{ key: 'send', label: 'Send' }],
};

const compiled = compileForm(definition);
const fields = compiled.form?.sections.flatMap((section) => section.fields) ?? [];
const stored = { id: 'DSG-probe', kind: 'designer', version: 1, definition } as const;
const [part] = compileStoredForm(stored as never, new Map()).parts;

/** The codes the server's check answers for a value in both fields. */
function serverCodes(value: unknown): string[] {
  if (!part) return ['no part'];
  const result = checkFormValues({
    part,
    mode: 'submit',
    submitted: { byType: value, byAlias: value },
    stored: {},
  });
  return result.ok ? [] : result.problems.map((problem) => `${problem.path}: ${problem.code}`);
}

console.log(
  JSON.stringify({
    catalog: {
      known: FIELD_CATALOG.types.includes(type),
      alias: FIELD_CATALOG.designerType(alias),
    },
    compiler: {
      fields: fields.map((field) => [field.id, field.type, field.valueType]),
      warnings: compiled.warnings.map((warning) => warning.code),
    },
    server: { good: serverCodes(JSON.parse(good)), bad: serverCodes(JSON.parse(bad)) },
    reports: { shown: fields.map((field) => shownInReports(field)) },
  }),
);
