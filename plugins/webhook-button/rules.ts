import { WEBHOOK_NAME_PATTERN } from '../../schemas/api/webhooksConstants';
import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { ANSWER_PATH_PATTERN, ANSWER_VARIABLE_PATTERN, MAX_ANSWER_FIELDS } from './answerFields';

/**
 * A webhook button (spec 001 sections 3, 7 and 8): pressing it has the server call the
 * tenant's webhook target that `config.webhook` names, with the form's current values, and
 * shows what came back. `config.answerFields` names the variables (usually read-only fields
 * of the form) the server fills from the target's answer, `{ "bureauScore": "score" }`. It
 * holds no value itself. A designer form writes `webhook-button` or `webhookButton`, the
 * name the spec's messages use.
 */
export default defineFieldRules<null, 'webhook-button'>({
  type: 'webhook-button',
  valueType: 'none',
  emptyValue: null,
  sanitize: () => null,
  displayOnly: true,
  designerAliases: ['webhookButton'],
  designerConfig: {
    type: 'object',
    required: ['webhook'],
    properties: {
      webhook: { type: 'string', pattern: WEBHOOK_NAME_PATTERN },
      answerFields: {
        type: 'object',
        maxProperties: MAX_ANSWER_FIELDS,
        propertyNames: { pattern: ANSWER_VARIABLE_PATTERN },
        additionalProperties: { type: 'string', pattern: ANSWER_PATH_PATTERN },
      },
    },
    additionalProperties: false,
  },
  designerConfigRequired: true,
  hiddenInReports: true,
});
