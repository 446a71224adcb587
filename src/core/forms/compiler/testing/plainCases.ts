import { expect, it } from 'vitest';
import { compilePlainField } from './compilerTestKit';

// Cases several plugin folders share, each in its own folder's test with its own type.

/**
 * A one-choice field whose Flowable choices come from an expression keeps the expression
 * and warns its author; with written choices only, it adds nothing.
 */
export function itKeepsChoicesFromExpression(plainType: string, type: string): void {
  it('given choices from an expression, when compiled, then the expression is kept and the author is warned', () => {
    const { field, warnings } = compilePlainField({
      type: plainType,
      optionsExpression: '${branches}',
      options: [{ id: 'north', name: 'North' }],
    });
    expect(field.type).toBe(type);
    expect(field.config).toEqual({ optionsExpression: '${branches}' });
    expect(warnings).toEqual([
      {
        code: 'field.optionsFromExpression',
        path: '/fields/0/optionsExpression',
        params: { fieldId: 'f', expression: '${branches}' },
      },
    ]);
  });

  it('given written choices only, when compiled, then nothing is added to config', () => {
    const { field, warnings } = compilePlainField({
      type: plainType,
      options: [{ id: 'north', name: 'North' }],
    });
    expect(field.config).toEqual({});
    expect(warnings).toEqual([]);
  });
}

/**
 * A directory picker offers the whole directory: APS's `restrictWithGroup` is not carried
 * out, which its author learns; an empty restriction says nothing.
 */
export function itWarnsRestrictionNotApplied(plainType: string): void {
  it('given a group to restrict the choice to, when compiled, then the author learns it is not applied', () => {
    const { warnings } = compilePlainField({
      type: plainType,
      params: { restrictWithGroup: { id: 7, name: 'Underwriters' } },
    });
    expect(warnings).toEqual([
      {
        code: 'field.settingNotApplied',
        path: '/fields/0/params/restrictWithGroup',
        params: { fieldId: 'f', setting: 'restrictWithGroup' },
      },
    ]);
  });

  it('given an empty restriction, when compiled, then nothing is said', () => {
    for (const restrictWithGroup of [null, false, '', {}]) {
      const { warnings } = compilePlainField({ type: plainType, params: { restrictWithGroup } });
      expect(warnings).toEqual([]);
    }
  });
}
