import { describe, expect, it } from 'vitest';
import { compilePlainField } from '../../src/core/forms/compiler/testing/compilerTestKit';

describe('a people picker', () => {
  it('given a group to restrict the choice to, when compiled, then the author learns it is not applied', () => {
    const { warnings } = compilePlainField({
      type: 'people',
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
      const { warnings } = compilePlainField({ type: 'people', params: { restrictWithGroup } });
      expect(warnings).toEqual([]);
    }
  });
});
