import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFixture } from './testing/compilerTestKit';
import { localizeText } from './localizeText';
import { compileForm } from '../../../../plugins/compiler';

const FIXTURES = join(__dirname, '..', '..', '..', '..', 'fixtures', 'forms');

/** A supervisor's decision as Flowable answers it, with the texts of two more languages. */
const decisionForm = (translations?: unknown) => ({
  key: 'supervisor-decision',
  name: 'Supervisor decision',
  fields: [
    { id: 'comment', name: 'Comment', type: 'multi-line-text', placeholder: 'Why' },
    {
      id: 'riskBand',
      name: 'Risk band',
      type: 'dropdown',
      hasEmptyValue: true,
      options: [{ name: 'Choose a band' }, { id: 'A', name: 'Low' }, { id: 'B', name: 'High' }],
    },
    {
      id: 'policy',
      name: 'Policy',
      type: 'hyperlink',
      hyperlinkUrl: 'https://bank.example/policy',
      displayText: 'Read the policy',
    },
  ],
  outcomes: [
    { id: 'approve', name: 'Approve' },
    { id: 'refer', name: 'Refer to supervisor' },
    { name: 'Decline' },
  ],
  ...(translations === undefined ? {} : { translations }),
});

const FULL = {
  es: {
    name: 'Decisión del supervisor',
    fields: {
      comment: { name: 'Comentario', placeholder: 'Por qué' },
      riskBand: {
        name: 'Banda de riesgo',
        options: { 'Choose a band': 'Elija una banda', A: 'Bajo', B: 'Alto' },
      },
      policy: { name: 'Política', displayText: 'Leer la política' },
    },
    outcomes: { approve: 'Aprobar', refer: 'Remitir al supervisor', Decline: 'Rechazar' },
  },
  fr: {
    name: 'Décision du superviseur',
    fields: {
      comment: { name: 'Commentaire', placeholder: 'Pourquoi' },
      riskBand: {
        name: 'Classe de risque',
        options: { 'Choose a band': 'Choisissez une classe', A: 'Faible', B: 'Élevé' },
      },
      policy: { name: 'Politique', displayText: 'Lire la politique' },
    },
    outcomes: { approve: 'Approuver', refer: 'Transmettre au superviseur', Decline: 'Refuser' },
  },
};

const translationWarnings = (result: ReturnType<typeof compileForm>) =>
  result.warnings.filter((warning) => warning.code === 'translation.missing');

describe('plain form translations', () => {
  it('given a Flowable form with a French block, when compiled, then labels, options, placeholders, links and outcomes read French', () => {
    const result = compileForm(decisionForm(FULL));
    const form = result.form;
    if (!form) throw new Error('the form did not compile');
    const [comment, riskBand, policy] = form.sections[0]?.fields ?? [];
    expect(localizeText(form.name, 'fr')).toBe('Décision du superviseur');
    expect(localizeText(comment?.label, 'fr')).toBe('Commentaire');
    expect(localizeText(comment?.placeholder, 'fr')).toBe('Pourquoi');
    expect(localizeText(riskBand?.placeholder, 'fr')).toBe('Choisissez une classe');
    expect(riskBand?.options?.map((option) => localizeText(option.label, 'fr'))).toEqual([
      'Faible',
      'Élevé',
    ]);
    expect(policy?.config.displayText).toEqual({
      en: 'Read the policy',
      es: 'Leer la política',
      fr: 'Lire la politique',
    });
    expect(form.outcomes.map((outcome) => localizeText(outcome.label, 'fr'))).toEqual([
      'Approuver',
      'Transmettre au superviseur',
      'Refuser',
    ]);
    expect(form.outcomes.map((outcome) => outcome.key)).toEqual([
      'Approve',
      'Refer to supervisor',
      'Decline',
    ]);
    expect(localizeText(form.outcomes[0]?.label, 'en')).toBe('Approve');
    expect(translationWarnings(result)).toEqual([]);
  });

  it('given a block that lacks a French option and outcome, when compiled, then each gap is a warning at its text and the English shows', () => {
    const fr = structuredClone(FULL.fr) as Record<string, unknown> & typeof FULL.fr;
    delete (fr.fields.riskBand.options as Record<string, string>).B;
    delete (fr.outcomes as Record<string, string>).refer;
    const result = compileForm(decisionForm({ es: FULL.es, fr }));
    expect(translationWarnings(result)).toEqual([
      {
        code: 'translation.missing',
        path: '/fields/1/options/2/name',
        params: { locale: 'fr', text: 'High' },
      },
      {
        code: 'translation.missing',
        path: '/outcomes/1/name',
        params: { locale: 'fr', text: 'Refer to supervisor' },
      },
    ]);
    const band = result.form?.sections[0]?.fields[1];
    expect(localizeText(band?.options?.[1]?.label, 'fr')).toBe('High');
    expect(localizeText(band?.options?.[1]?.label, 'es')).toBe('Alto');
  });

  it('given a block with no Spanish at all, when compiled, then every Spanish text is listed', () => {
    const result = compileForm(decisionForm({ fr: FULL.fr }));
    const spanish = translationWarnings(result).filter((warning) => warning.params.locale === 'es');
    // Every text of the form once: its name, three labels, a placeholder, the prompt and
    // two options, the link text and three outcomes.
    expect(spanish.map((warning) => warning.params.text).sort()).toEqual(
      [
        'Supervisor decision',
        'Comment',
        'Why',
        'Risk band',
        'Choose a band',
        'Low',
        'High',
        'Policy',
        'Read the policy',
        'Approve',
        'Refer to supervisor',
        'Decline',
      ].sort(),
    );
  });

  it('given a real Flowable file without translations, when compiled, then its own texts are plain strings and nothing is warned', () => {
    const result = compileForm(decisionForm());
    const fields = result.form?.sections[0]?.fields ?? [];
    expect(fields.map((field) => field.label)).toEqual(['Comment', 'Risk band', 'Policy']);
    expect(fields[1]?.options?.map((option) => option.label)).toEqual(['Low', 'High']);
    expect(result.form?.outcomes.map((outcome) => outcome.label)).toEqual([
      'Approve',
      'Refer to supervisor',
      'Decline',
    ]);
    expect(result.form?.name).toBe('Supervisor decision');
    expect(translationWarnings(result)).toEqual([]);
  });

  it('given a default that names an option by its English name, when translated, then the option is still chosen', () => {
    const definition = decisionForm(FULL);
    const band = definition.fields[1] as Record<string, unknown>;
    band.value = 'High';
    const result = compileForm(definition);
    expect(result.form?.sections[0]?.fields[1]?.defaultValue).toBe('B');
  });

  it('given a field called constructor, when the block does not name it, then nothing inherited is taken for its text', () => {
    const result = compileForm({
      key: 'odd-ids',
      fields: [{ id: 'constructor', name: 'Odd', type: 'text' }],
      translations: { es: { fields: {} }, fr: { fields: {} } },
    });
    expect(result.form?.sections[0]?.fields[0]?.label).toEqual({ en: 'Odd' });
    expect(translationWarnings(result)).toHaveLength(2);
  });

  it('given a block with a misspelt language, when compiled, then the schema refuses it', () => {
    const result = compileForm(decisionForm({ fre: FULL.fr }));
    expect(result.form).toBeNull();
    expect(result.errors[0]?.path).toBe('/translations');
  });

  it('given every Flowable-format fixture with its translations file, when compiled, then Spanish and French lack nothing', () => {
    const files = readdirSync(join(FIXTURES, 'i18n')).filter((name) => name.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(8);
    for (const file of files) {
      const translations: unknown = JSON.parse(readFileSync(join(FIXTURES, 'i18n', file), 'utf8'));
      const definition = { ...(loadFixture(file) as object), translations };
      const result = compileForm(definition, { kind: 'plain' });
      expect(result.errors, file).toEqual([]);
      expect(translationWarnings(result), file).toEqual([]);
    }
  });

  it('given the fixtures folder, when listing its Flowable-format forms, then each has a translations file', () => {
    const translated = new Set(readdirSync(join(FIXTURES, 'i18n')));
    const plain = readdirSync(FIXTURES).filter(
      (name) =>
        name.endsWith('.json') &&
        !name.startsWith('invalid-') &&
        !name.startsWith('DSG-') &&
        !name.startsWith('CUT-'),
    );
    expect(plain.filter((name) => !translated.has(name))).toEqual([]);
  });
});
