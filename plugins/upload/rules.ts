import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { uploadFromPlain } from './plain';
import {
  fileIdsOfValue,
  sanitizeFileValue,
  validateFileValue,
  type FileFieldValue,
} from './fileValue';

/**
 * Flowable's `upload`: one document of the file store's allow-list (PDF, image, xlsx,
 * docx), kept as `{ id, fileName }`.
 */
export default defineFieldRules<FileFieldValue, 'upload'>({
  type: 'upload',
  valueType: 'object',
  emptyValue: null,
  sanitize: sanitizeFileValue,
  validate: validateFileValue,
  fileIds: fileIdsOfValue,
  plainAliases: ['upload'],
  fromPlain: uploadFromPlain,
});
