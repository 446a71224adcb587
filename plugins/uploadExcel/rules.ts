import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import {
  fileIdsOfValue,
  sanitizeFileValue,
  validateFileValue,
  type FileFieldValue,
} from '../upload/fileValue';

/**
 * A spreadsheet or PDF upload (spec 001 sections 3 and 5): an xlsx or a pdf on the task's
 * file store, kept as `{ id, fileName }` with a spreadsheet's first rows and row count, read
 * by the server.
 */
export default defineFieldRules<FileFieldValue, 'uploadExcel'>({
  type: 'uploadExcel',
  valueType: 'object',
  emptyValue: null,
  sanitize: sanitizeFileValue,
  validate: validateFileValue,
  fileIds: fileIdsOfValue,
  designerConfig: {
    type: 'object',
    properties: {
      accept: { type: 'array', items: { type: 'string', enum: ['xlsx', 'pdf'] } },
      maxBytes: { type: 'integer', minimum: 1 },
    },
  },
});
