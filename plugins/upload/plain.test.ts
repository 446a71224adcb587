import { describe, expect, it } from 'vitest';
import { compilePlainField } from '../../src/core/forms/compiler/testing/compilerTestKit';

describe('an APS upload', () => {
  it('given several files and a repository source, when compiled, then each setting is named as not applied, before a bad length', () => {
    const { warnings } = compilePlainField({
      type: 'upload',
      minLength: 'z',
      params: { multiple: true, fileSource: { serviceId: 'alfresco-1' } },
    });
    expect(warnings).toEqual([
      {
        code: 'field.settingNotApplied',
        path: '/fields/0/params/multiple',
        params: { fieldId: 'f', setting: 'multiple' },
      },
      {
        code: 'field.settingNotApplied',
        path: '/fields/0/params/fileSource',
        params: { fieldId: 'f', setting: 'fileSource' },
      },
      {
        code: 'validation.invalidLimit',
        path: '/fields/0/minLength',
        params: { limit: 'minLength', value: 'z' },
      },
    ]);
  });

  it('given one file from the computer, or settings left empty, when compiled, then nothing is said', () => {
    for (const fileSource of [{ serviceId: 'local-file' }, { serviceId: 'all-file-sources' }, {}]) {
      const { warnings } = compilePlainField({
        type: 'upload',
        params: { multiple: false, fileSource },
      });
      expect(warnings).toEqual([]);
    }
  });
});
