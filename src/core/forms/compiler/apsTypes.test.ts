import { describe, expect, it } from 'vitest';
import type { NormalizedField } from '../../../../schemas/forms';
import { dateMaskOf } from '../../../../plugins/date/validate';
import { loadFixture, normalizedFormErrors } from './testing/compilerTestKit';
import { compileForm } from '../../../../plugins/compiler';

function compiled() {
  const result = compileForm(loadFixture('aps-appointment-review.json'));
  expect(result.errors).toEqual([]);
  expect(normalizedFormErrors(result.form)).toEqual([]);
  const fields = new Map<string, NormalizedField>();
  for (const section of result.form?.sections ?? []) {
    for (const field of section.fields) fields.set(field.id, field);
  }
  return { fields, warnings: result.warnings };
}

describe('compiling Alfresco Process Services field types', () => {
  it('given an APS export, when compiled, then datetime, readonly, typeahead and select-folder have their own types', () => {
    const { fields, warnings } = compiled();
    expect(fields.get('appointmentAt')?.type).toBe('datetime');
    expect(fields.get('applicantShown')?.type).toBe('readonly');
    expect(fields.get('branch')?.type).toBe('typeahead');
    expect(fields.get('scanFolder')?.type).toBe('select-folder');
    const unknown = warnings.filter((warning) => warning.code === 'field.unknownType');
    expect(unknown.map((warning) => warning.params.type)).toEqual(['stamp-pad']);
  });

  it('given a datetime with bounds and a display format, when compiled, then it is required, its bounds are wall-clock times and its format is kept', () => {
    const field = compiled().fields.get('appointmentAt');
    expect(field?.required).toBe(true);
    expect(field?.validation).toEqual({ min: '2025-01-01T08:00', max: '2030-12-31T18:00' });
    expect(field?.config.dateDisplayFormat).toBe('D-M-YYYY hh:mm A');
    expect(field?.valueType).toBe('string');
  });

  it('given a date whose display format APS wrote at the top level, when compiled, then the field is shown and typed in that format', () => {
    const result = compileForm({
      key: 'top-level-format',
      fields: [
        { id: 'claimDate', name: 'Claim date', type: 'date', dateDisplayFormat: 'MM/DD/YYYY' },
      ],
    });
    const field = result.form?.sections[0]?.fields[0];
    expect(field?.config.dateDisplayFormat).toBe('MM/DD/YYYY');
    expect(field && dateMaskOf(field)).toBe('MM/DD/YYYY');
  });

  it('given APS settings forms do not carry out, when compiled, then each is a warning naming the field and the setting, and the fields still work', () => {
    const result = compileForm({
      key: 'unapplied',
      fields: [
        {
          id: 'details',
          name: 'Details',
          type: 'group',
          params: { allowCollapse: true, collapseByDefault: false },
          fields: {
            '1': [
              {
                id: 'reviewer',
                name: 'Reviewer',
                type: 'people',
                params: { restrictWithGroup: { id: 7, name: 'hr-group' } },
              },
            ],
          },
        },
        {
          id: 'evidence',
          name: 'Evidence',
          type: 'upload',
          params: {
            multiple: true,
            fileSource: { serviceId: 'alfresco-1', name: 'Claims-Uploads' },
          },
        },
        {
          id: 'single',
          name: 'Single',
          type: 'upload',
          params: { multiple: false, fileSource: {} },
        },
      ],
    });
    expect(result.errors).toEqual([]);
    expect(
      result.warnings
        .filter((warning) => warning.code === 'field.settingNotApplied')
        .map((warning) => [warning.params.fieldId, warning.params.setting, warning.path]),
    ).toEqual([
      ['details', 'allowCollapse', '/fields/0/params/allowCollapse'],
      ['reviewer', 'restrictWithGroup', '/fields/0/fields/1/0/params/restrictWithGroup'],
      ['evidence', 'multiple', '/fields/1/params/multiple'],
      ['evidence', 'fileSource', '/fields/1/params/fileSource'],
    ]);
    const types = result.form?.sections[0]?.fields.map((field) => [field.id, field.type]);
    expect(types).toEqual([
      ['details', 'headline'],
      ['reviewer', 'people'],
      ['evidence', 'upload'],
      ['single', 'upload'],
    ]);
  });

  it('given datetime bounds written in params, when compiled, then they bound the field too', () => {
    const result = compileForm({
      key: 'in-params',
      fields: [
        {
          id: 'at',
          name: 'At',
          type: 'datetime',
          params: { minValue: '2026-01-01T00:00:00+01:00', maxValue: '2026-12-31T23:00' },
        },
      ],
    });
    expect(result.form?.sections[0]?.fields[0]?.validation).toEqual({
      min: '2025-12-31T23:00',
      max: '2026-12-31T23:00',
    });
  });

  it('given a datetime bound that is not a date-time, when compiled, then the author is warned and it is not checked', () => {
    const result = compileForm({
      key: 'bad-bound',
      fields: [{ id: 'at', name: 'At', type: 'datetime', minValue: 'next tuesday' }],
    });
    const field = result.form?.sections[0]?.fields[0];
    expect(field?.validation).toEqual({});
    expect(result.warnings).toContainEqual({
      code: 'validation.invalidLimit',
      path: '/fields/0/minValue',
      params: { limit: 'minValue', value: 'next tuesday' },
    });
  });

  it('given display-value fields, when compiled, then they are display-only, keep their source in params and their exported value', () => {
    const { fields } = compiled();
    const live = fields.get('applicantShown');
    expect(live?.required).toBe(false);
    expect(live?.defaultValue).toBeUndefined();
    expect(live?.config.params).toEqual({
      field: { id: 'applicantName', name: 'Applicant name', type: 'text' },
    });
    const served = fields.get('approvedAmountShown');
    expect(served?.config.value).toBe(12000);
    expect(served?.valueType).toBe('none');
  });

  it('given typeaheads, when compiled, then written options become choices and a REST source stays in config with a warning', () => {
    const { fields, warnings } = compiled();
    const branch = fields.get('branch');
    expect(branch?.options?.map((option) => option.value)).toEqual(['lis', 'lon', 'lyo', 'mad']);
    const lookup = fields.get('customerLookup');
    expect(lookup?.config).toMatchObject({
      restUrl: 'https://crm.example.com/api/customers',
      restResponsePath: 'data.items',
      restIdProperty: 'customerId',
      restLabelProperty: 'displayName',
    });
    expect(warnings).toContainEqual({
      code: 'typeahead.restSourceNotConfigured',
      path: '/editorJson/fields/0/fields/2/2/restUrl',
      params: { fieldId: 'customerLookup', url: 'https://crm.example.com/api/customers' },
    });
  });

  it('given a select-folder field, when compiled, then its settings are kept and the author learns why it cannot be filled in', () => {
    const { fields, warnings } = compiled();
    const folder = fields.get('scanFolder');
    expect(folder?.valueType).toBe('none');
    expect(folder?.config).toMatchObject({
      params: { folderSource: { serviceId: 'alfresco-1', name: 'Alfresco 1' } },
      className: 'wide-picker',
      fieldType: 'FormFieldRepresentation',
    });
    expect(warnings.filter((warning) => warning.code === 'selectFolder.noRepository')).toEqual([
      expect.objectContaining({ params: { fieldId: 'scanFolder' } }),
    ]);
  });

  it('given a type no plugin knows, when compiled, then everything its author wrote is kept in config', () => {
    const stamp = compiled().fields.get('legacyStamp');
    expect(stamp?.type).toBe('unsupported');
    expect(stamp?.config).toEqual({
      originalType: 'stamp-pad',
      params: { ink: 'blue' },
      stampText: 'RECEIVED',
      fieldType: 'FormFieldRepresentation',
    });
  });
});
