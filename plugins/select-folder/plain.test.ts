import { describe, expect, it } from 'vitest';
import { compilePlainField } from '../../src/core/forms/compiler/testing/compilerTestKit';

describe('an APS folder picker', () => {
  it('given its settings, when compiled, then every written setting is kept and the author learns there is no repository', () => {
    const { field, warnings } = compilePlainField({
      type: 'select-folder',
      params: { destination: 'x' },
      folderSource: { serviceId: 'alfresco-1' },
      nothing: null,
    });
    expect(field.type).toBe('select-folder');
    expect(field.config).toEqual({
      params: { destination: 'x' },
      folderSource: { serviceId: 'alfresco-1' },
    });
    expect(warnings).toEqual([
      { code: 'selectFolder.noRepository', path: '/fields/0/type', params: { fieldId: 'f' } },
    ]);
  });
});
