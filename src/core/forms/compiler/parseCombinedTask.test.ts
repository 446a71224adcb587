import { describe, expect, it } from 'vitest';
import type { CombinedTask } from '../../../../schemas/forms';
import { fixtureResolver, loadFixture } from './testing/compilerTestKit';
import { selectFormPart } from './selectFormPart';
import { compileForm } from '../../../../plugins/compiler';
import { parseCombinedTask } from '../../../../plugins/compiler';

const review = () => loadFixture('CUT-loan-review.json') as CombinedTask;

describe('parseCombinedTask', () => {
  it('given two refs and one inline form, when parsed, then three parts keep their order', () => {
    const { form } = parseCombinedTask(review(), { resolveForm: fixtureResolver });
    expect(form.kind).toBe('combined');
    expect(form.parts?.map((p) => [p.formId, p.kind, p.resolved])).toEqual([
      ['DSG-loan-application', 'designer', true],
      ['DSG-customer-onboarding', 'designer', true],
      ['loan-review-decision', 'plain', true],
    ]);
    expect(form.parts?.[1]?.name).toEqual({
      en: 'Customer file',
      es: 'Ficha del cliente',
      fr: 'Dossier client',
    });
    expect(form.parts?.[0]?.sectionIds).toEqual([
      'DSG-loan-application.applicant',
      'DSG-loan-application.loan',
      'DSG-loan-application.affordability',
      'DSG-loan-application.declarations',
    ]);
    expect(form.sections.every((s) => typeof s.formId === 'string')).toBe(true);
  });

  it('given parts that share a field id, when parsed, then each part keeps it (saved separately)', () => {
    const { form, warnings } = parseCombinedTask(review(), { resolveForm: fixtureResolver });
    const emails = form.sections.flatMap((s) => s.fields).filter((f) => f.id === 'email');
    expect(emails).toHaveLength(2);
    // The customer file's media fields have no plugin yet; nothing else warns.
    expect(warnings.filter((w) => w.code !== 'field.unknownType')).toEqual([]);
  });

  it('given outcomes in several parts, when parsed, then the task offers each once, in order', () => {
    const { form } = parseCombinedTask(review(), { resolveForm: fixtureResolver });
    expect(form.outcomes.map((o) => o.key)).toEqual([
      'saveDraft',
      'submitApplication',
      'save',
      'complete',
      'Complete review',
    ]);
    expect(form.parts?.[2]?.outcomeVariableName).toBe('reviewOutcome');
  });

  it('given a ref nobody resolves, when parsed, then it is a warning and an empty section', () => {
    const { form, warnings } = parseCombinedTask(review(), { resolveForm: () => undefined });
    expect(warnings.map((w) => [w.code, w.path])).toEqual([
      ['combined.unresolvedRef', '/forms/0/ref'],
      ['combined.unresolvedRef', '/forms/1/ref'],
    ]);
    expect(form.sections[0]).toEqual({
      id: 'DSG-loan-application',
      title: 'DSG-loan-application',
      formId: 'DSG-loan-application',
      fields: [],
    });
    expect(form.parts?.[0]?.resolved).toBe(false);
    expect(form.parts?.[2]?.resolved).toBe(true);
  });

  it('given a ref to another combined task, when parsed, then it is refused with a warning', () => {
    const { warnings } = parseCombinedTask(
      { id: 'CUT-outer', name: 'Outer', forms: [{ ref: 'CUT-loan-review' }] },
      { resolveForm: fixtureResolver },
    );
    expect(warnings.map((w) => w.code)).toEqual(['combined.nestedCombined']);
  });

  it('given a ref to an invalid form, when parsed, then the schema failure is a warning', () => {
    const { warnings } = parseCombinedTask(
      { id: 'CUT-x', name: 'X', forms: [{ ref: 'invalid-designer-missing-name' }] },
      { resolveForm: () => loadFixture('invalid-designer-missing-name.json') },
    );
    expect(warnings).toEqual([
      {
        code: 'combined.invalidForm',
        path: '/forms/0/ref',
        params: {
          ref: 'invalid-designer-missing-name',
          errorCount: 1,
          firstError: 'schema.required',
          firstErrorPath: '',
        },
      },
    ]);
  });

  it('given the same form twice, when parsed, then section ids stay unique', () => {
    const { form } = parseCombinedTask(
      {
        id: 'CUT-twice',
        name: 'Twice',
        forms: [{ ref: 'flowable-loan-request' }, { ref: 'flowable-loan-request' }],
      },
      { resolveForm: fixtureResolver },
    );
    expect(form.sections.map((s) => s.id)).toEqual([
      'flowable-loan-request.main',
      'flowable-loan-request.main__2',
    ]);
  });

  it('given warnings inside a part, when parsed, then their paths start at the part', () => {
    const { warnings } = parseCombinedTask(
      { id: 'CUT-w', name: 'W', forms: [{ ref: 'DSG-form-with-warnings' }] },
      { resolveForm: fixtureResolver },
    );
    expect(warnings.length).toBeGreaterThan(0);
    for (const warning of warnings) expect(warning.path.startsWith('/forms/0/')).toBe(true);
  });

  it('given a combined form, when one part is selected, then it is a form of its own', () => {
    const combined = compileForm(review(), { resolveForm: fixtureResolver }).form;
    const part = combined && selectFormPart(combined, 'loan-review-decision');
    expect(part).toMatchObject({
      id: 'loan-review-decision',
      kind: 'plain',
      outcomeVariableName: 'reviewOutcome',
      outcomes: [
        {
          key: 'Complete review',
          label: { en: 'Complete review', es: 'Terminar la revisión', fr: 'Terminer la revue' },
          type: 'DEFAULT',
        },
      ],
    });
    expect(part?.sections.flatMap((s) => s.fields).map((f) => f.id)).toEqual([
      'decisionHeadline',
      'decision',
      'approvedAmount',
      'decisionNotes',
    ]);
    expect(combined && selectFormPart(combined, 'nope')).toBeUndefined();
  });
});

describe('parseCombinedTask with inline forms', () => {
  it('given an inline plain form whose key looks like a designer id, when parsed, then it stays plain', () => {
    const { form } = parseCombinedTask({
      id: 'CUT-inline',
      name: 'Inline',
      forms: [{ key: 'DSG-not-really', fields: [{ id: 'a', type: 'text' }] }],
    });
    expect(form.parts?.[0]).toMatchObject({
      formId: 'DSG-not-really',
      kind: 'plain',
      resolved: true,
    });
  });
});
