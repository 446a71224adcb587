import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { sanitizeSignature, validateSignature, type SignatureValue } from './validate';

/**
 * A drawn signature (spec 001 sections 3 to 5): the PNG goes to the task's file store and
 * the field keeps its file id. A Flowable form model names it `signature` too (Flowable has
 * no such type of its own), so a plain review form can show, read-only, what an earlier
 * designer-built step had signed.
 */
export default defineFieldRules<SignatureValue, 'signature'>({
  type: 'signature',
  valueType: 'string',
  emptyValue: null,
  sanitize: sanitizeSignature,
  validate: validateSignature,
  fileIds: (value) => (value === null ? [] : [value]),
  plainAliases: ['signature'],
});
