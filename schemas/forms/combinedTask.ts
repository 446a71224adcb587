import { Type, type Static } from '@sinclair/typebox';
import { LocalizedText } from './localizedText';
import { PlainForm } from './plainForm';
import { DesignerForm } from './designerForm';

/** A form of a combined task named by its id (formKey); the host resolves it. */
export const CombinedFormRef = Type.Object(
  {
    ref: Type.String({ minLength: 1 }),
    title: Type.Optional(LocalizedText),
  },
  { additionalProperties: false },
);
/** A by-reference form of a combined task. */
export type CombinedFormRef = Static<typeof CombinedFormRef>;

/**
 * One form of a combined task: a reference, or a plain or designer form written inline.
 * The branch is chosen the way the runtime chooses it (a `ref`, else the `DSG-` prefix,
 * else plain) so a broken inline form reports the errors of its own format.
 */
export const CombinedTaskItem = Type.Unsafe<CombinedFormRef | PlainForm | DesignerForm>({
  if: { type: 'object', required: ['ref'] },
  then: CombinedFormRef,
  else: {
    if: {
      type: 'object',
      properties: { id: { type: 'string', pattern: '^DSG-' } },
      required: ['id'],
    },
    then: DesignerForm,
    else: PlainForm,
  },
});
/** A form of a combined task. */
export type CombinedTaskItem = CombinedFormRef | PlainForm | DesignerForm;

/**
 * A combined user task (CUT-): several forms shown one after the other in one task,
 * with next, previous and back-to-list navigation.
 */
export const CombinedTask = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    id: Type.String({ pattern: '^CUT-' }),
    name: LocalizedText,
    description: Type.Optional(LocalizedText),
    forms: Type.Array(CombinedTaskItem, { minItems: 1 }),
  },
  { $id: 'tessera:combinedTask', additionalProperties: false, patternProperties: { '^x-': {} } },
);
/** A combined user task. */
export type CombinedTask = Static<typeof CombinedTask>;
