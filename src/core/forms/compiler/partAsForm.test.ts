import { describe, expect, it } from 'vitest';
import type { CombinedTask, NormalizedForm } from '../../../../schemas/forms';
import { fixtureResolver, loadFixture } from './testing/compilerTestKit';
import { partAsForm } from './partAsForm';
import { compileForm } from '../../../../plugins/compiler';

const compiled = (task: CombinedTask): NormalizedForm => {
  const { form } = compileForm(task, { resolveForm: fixtureResolver });
  if (!form) throw new Error('the fixture compiles');
  return form;
};

const fieldIds = (form: NormalizedForm) =>
  form.sections.flatMap((section) => section.fields).map((field) => field.id);

describe('partAsForm', () => {
  it('given a combined task, when each part is taken, then every section lands in exactly one part', () => {
    const form = compiled(loadFixture('CUT-loan-review.json') as CombinedTask);
    const parts = (form.parts ?? []).map((part) => partAsForm(form, part));
    expect(parts.map((part) => [part.id, part.kind])).toEqual([
      ['DSG-loan-application', 'designer'],
      ['DSG-customer-onboarding', 'designer'],
      ['loan-review-decision', 'plain'],
    ]);
    expect(parts.flatMap((part) => part.sections)).toEqual(form.sections);
    expect(parts.every((part) => part.parts === undefined)).toBe(true);
  });

  it('given the part with the outcomes, when taken, then it carries its outcomes and variable', () => {
    const form = compiled(loadFixture('CUT-loan-review.json') as CombinedTask);
    const decision = form.parts?.find((part) => part.formId === 'loan-review-decision');
    if (!decision) throw new Error('the fixture has the decision part');
    expect(partAsForm(form, decision)).toMatchObject({
      outcomeVariableName: 'reviewOutcome',
      outcomes: [{ key: 'Complete review', type: 'DEFAULT' }],
    });
    expect(fieldIds(partAsForm(form, decision))).toEqual([
      'decisionHeadline',
      'decision',
      'approvedAmount',
      'decisionNotes',
    ]);
  });

  it('given two entries naming the same form, when each part is taken, then each keeps its own sections', () => {
    const form = compiled({
      id: 'CUT-twice',
      name: 'Twice',
      forms: [{ ref: 'DSG-customer-onboarding' }, { ref: 'DSG-customer-onboarding' }],
    });
    const [first, second] = form.parts ?? [];
    if (!first || !second) throw new Error('two parts');
    expect(first.formId).toBe(second.formId);
    const one = partAsForm(form, first);
    const two = partAsForm(form, second);
    expect(one.sections.length).toBeGreaterThan(0);
    expect(fieldIds(one)).toEqual(fieldIds(two));
    expect(one.sections.map((section) => section.id)).not.toEqual(
      two.sections.map((section) => section.id),
    );
  });

  it('given a part without an outcome variable, when taken, then the form has none either', () => {
    const section = (id: string) => ({ id, title: { en: id }, fields: [] });
    const form: NormalizedForm = {
      id: 'CUT-bare',
      kind: 'combined',
      name: { en: 'Bare' },
      sections: [section('a.one'), section('b.one'), section('a.two')],
      outcomes: [],
      parts: [
        {
          formId: 'a',
          kind: 'plain',
          name: { en: 'A' },
          sectionIds: ['a.one', 'a.two'],
          outcomes: [],
          resolved: true,
        },
      ],
    };
    const [part] = form.parts ?? [];
    if (!part) throw new Error('one part');
    expect(partAsForm(form, part)).toEqual({
      id: 'a',
      kind: 'plain',
      name: { en: 'A' },
      sections: [section('a.one'), section('a.two')],
      outcomes: [],
    });
  });
});
