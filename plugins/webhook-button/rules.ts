import { WEBHOOK_NAME_PATTERN } from '../../schemas/api/webhooksConstants';
import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';

/**
 * A webhook button (spec 001 sections 3, 7 and 8): pressing it has the server call the
 * tenant's webhook target that `config.webhook` names, with the form's current values, and
 * shows what came back. It holds no value. A designer form writes `webhook-button` or
 * `webhookButton`, the name the spec's messages use.
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
    properties: { webhook: { type: 'string', pattern: WEBHOOK_NAME_PATTERN } },
    additionalProperties: false,
  },
  designerConfigRequired: true,
});
