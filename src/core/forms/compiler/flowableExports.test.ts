import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../../plugins/compiler';

// Form models as Flowable's modeler and app exports write them: the body under
// `editorJson` beside the model's metadata, "not placed" layouts, numeric ids, limits
// written as text.

const body = {
  fields: [
    {
      id: 'applicant',
      type: 'container',
      fieldType: 'ContainerRepresentation',
      numberOfColumns: 2,
      fields: {
        '1': [
          { id: 'firstName', name: 'First name', type: 'text', required: true },
          { id: 'lastName', name: 'Last name', type: 'text' },
        ],
        '2': [{ id: 'income', name: 'Income', type: 'amount' }],
      },
    },
  ],
  outcomes: [{ id: 'submit', name: 'Submit' }],
};

const exported = {
  id: 'MODEL-applicantDetails',
  key: 'applicantDetails',
  name: 'Applicant details',
  description: 'Who applies',
  editorJson: body,
};
const bare = { key: 'applicantDetails', name: 'Applicant details', ...body };

const fieldsOf = (result: ReturnType<typeof compileForm>) =>
  result.form?.sections.flatMap((section) => section.fields) ?? [];

describe('Flowable form models as exported', () => {
  it('given an app export with the body under editorJson, when compiled, then it is the same form as its bare body', () => {
    const fromExport = compileForm(exported);
    expect(fromExport.errors).toEqual([]);
    expect(fromExport.form).toEqual(compileForm(bare).form);
    expect(fromExport.form?.id).toBe('applicantDetails');
    expect(fromExport.form?.name).toBe('Applicant details');
  });

  it('given an Alfresco Process Services export with the model under formRepresentation, when compiled, then it is the same form as the model itself', () => {
    const model = { id: 3012, name: 'Applicant details', formDefinition: body };
    const fromExport = compileForm({ formRepresentation: model, processScopeIdentifiers: [] });
    expect(fromExport.errors).toEqual([]);
    expect(fromExport.form).toEqual(compileForm(model).form);
    // Row by row: the container's two columns side by side.
    expect(fieldsOf(fromExport).map((field) => field.id)).toEqual([
      'firstName',
      'income',
      'lastName',
    ]);
  });

  it('given editorJson written as JSON text, when compiled, then it reads the same; broken text is refused at editorJson', () => {
    expect(compileForm({ ...exported, editorJson: JSON.stringify(body) }).form).toEqual(
      compileForm(bare).form,
    );
    const broken = compileForm({ ...exported, editorJson: '{"fields": [' });
    expect(broken.form).toBeNull();
    expect(broken.errors).toEqual([
      { code: 'schema.type', path: '/editorJson', params: { type: 'object' } },
    ]);
  });

  it('given container children the modeler marks as not placed (row and column -1), when compiled, then each column stays stacked', () => {
    const unplaced = structuredClone(body);
    for (const container of unplaced.fields) {
      for (const column of Object.values(container.fields)) {
        for (const field of column) Object.assign(field, { layout: { row: -1, column: -1 } });
      }
    }
    const fields = fieldsOf(compileForm({ key: 'k', ...unplaced }));
    // Column 1's fields one under the other, column 2's beside the first: as placed rows.
    expect(
      fields.map((field) => [field.id, field.widths.desktop, field.breakBefore === true]),
    ).toEqual(
      fieldsOf(compileForm(bare)).map((field) => [
        field.id,
        field.widths.desktop,
        field.breakBefore === true,
      ]),
    );
    expect(fields.map((field) => field.id)).toEqual(['firstName', 'income', 'lastName']);
  });

  it('given numeric field ids, a container among them, when compiled, then the form compiles with the ids as text', () => {
    const result = compileForm({
      id: 7,
      fields: [
        {
          id: 12,
          type: 'container',
          fields: [[{ id: 13, name: 'Amount', type: 'integer' }]],
        },
      ],
    });
    expect(result.errors).toEqual([]);
    expect(fieldsOf(result).map((field) => field.id)).toEqual(['13']);
    expect(result.form?.id).toBe('7');
  });

  it('given limits that are not usable numbers, when compiled, then each is warned and none is applied', () => {
    const result = compileForm({
      key: 'limits',
      fields: [
        { id: 'amount', type: 'integer', minValue: 'abc', maxValue: 50 },
        { id: 'code', type: 'text', maxLength: 'ten', minLength: -5 },
        { id: 'notes', type: 'multi-line-text', params: { maxLength: 2.5 } },
        { id: 'fine', type: 'text', minLength: 0, maxLength: '12' },
      ],
    });
    expect(result.errors).toEqual([]);
    const byId = new Map(fieldsOf(result).map((field) => [field.id, field.validation]));
    expect(byId.get('amount')).toEqual({ max: 50 });
    expect(byId.get('code')).toEqual({});
    expect(byId.get('fine')).toEqual({ maxLength: 12 });
    expect(
      result.warnings
        .filter((warning) => warning.code === 'validation.invalidLimit')
        .map((warning) => [warning.path, warning.params.value]),
    ).toEqual([
      ['/fields/0/minValue', 'abc'],
      ['/fields/1/minLength', '-5'],
      ['/fields/1/maxLength', 'ten'],
      ['/fields/2/params/maxLength', '2.5'],
    ]);
  });

  it('given a field without an id beside other problems, when compiled, then every problem is reported in one pass', () => {
    const result = compileForm({
      key: 'broken',
      fields: [
        { name: 'No id', type: 'text' },
        { id: 'twice', type: 'text' },
        { id: 'twice', type: 'text' },
        { id: 'odd', type: 'signature-of-the-future' },
        {
          id: 'row',
          type: 'container',
          numberOfColumns: 2,
          fields: [[{ id: 'wide', type: 'text', colspan: 5 }]],
        },
      ],
    });
    expect(result.errors).toEqual([]);
    expect(result.warnings.map((warning) => warning.code).sort()).toEqual(
      [
        'field.duplicateId',
        'field.missingId',
        'field.unknownType',
        'layout.widthOutOfRange',
      ].sort(),
    );
  });
});
