// The documents API's paths, enums and limits, without any schema: what the client's
// generate menu imports, so it never loads the schema library for a constant.

import { apiRoute } from './apiRoute';

/**
 * Document calls (spec 001 section 7: `documentTemplate/v1/templates`, generate with
 * processInstanceId, contentId and documentType, `documentTemplate/raw/{processInstanceId}`).
 * Generating answers where the new document is; `raw` then serves its bytes, so a busy or
 * refused generation is told as JSON, never as a broken download.
 */
export const DocumentPath = {
  /** GET `?scope=`: the templates of one scope (an object definition key or a report type). */
  templates: '/api/documentTemplate/v1/templates',
  /** POST: fill a template for a process instance or a record; 429 SERVER_TOO_BUSY when full. */
  generate: '/api/documentTemplate/v1/generate',
  /**
   * GET `?contentId=&requiredFileFormat=`: a generated document's bytes, as an attachment.
   * The path names what it was made for: the process instance, or the record.
   */
  raw: apiRoute('/api/documentTemplate/raw/:processInstanceId'),
  /**
   * Administrators: GET every template of the tenant with the scopes to add one to; POST,
   * `multipart/form-data` (`scope`, `name`, then the file), adds a template.
   */
  adminTemplates: '/api/documentTemplate/v1/admin/templates',
  /** DELETE: remove a template (administrators). */
  adminTemplate: apiRoute('/api/documentTemplate/v1/admin/templates/:templateId'),
} as const;

/** A template's kind (spec 001 section 3: "sheet gives xlsx, document gives docx"). */
export const DocumentType = { document: 'document', sheet: 'sheet' } as const;
export type DocumentType = (typeof DocumentType)[keyof typeof DocumentType];

/** The file format of each document type, as `requiredFileFormat` names it. */
export const DOCUMENT_FORMAT = { document: 'docx', sheet: 'xlsx' } as const satisfies Record<
  DocumentType,
  string
>;
/** A generated document's file format. */
export type DocumentFormat = (typeof DOCUMENT_FORMAT)[DocumentType];

/** A template's scope: an object definition key (`customers`) or a report type (`LOAN`). */
export const DOCUMENT_SCOPE_PATTERN = '^[A-Za-z][A-Za-z0-9_-]{0,63}$';
/** A template's or a generated document's id (a uuid). */
export const DOCUMENT_ID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
/** What a document is made for: a process instance id or a record id. */
export const DOCUMENT_SUBJECT_PATTERN = '^[A-Za-z0-9_-]{1,100}$';
/** Longest template name. */
export const TEMPLATE_NAME_MAX_LENGTH = 120;
/** Largest template file an administrator may upload, in bytes. */
export const TEMPLATE_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The generate menu's statuses (spec 001 section 4: "Download statuses: default, loading,
 * success, not found, server too busy, http error").
 */
export const DocumentStatus = {
  default: 'default',
  loading: 'loading',
  success: 'success',
  notFound: 'notFound',
  tooBusy: 'tooBusy',
  httpError: 'httpError',
} as const;
export type DocumentStatus = (typeof DocumentStatus)[keyof typeof DocumentStatus];

/** Detail codes of a refused template upload (422 TEMPLATE_INVALID), translated by the client. */
export const TemplateRefusal = {
  notOffice: 'document.template.notOffice',
  brokenTemplate: 'document.template.broken',
  tooLarge: 'document.template.tooLarge',
  duplicateName: 'document.template.duplicateName',
  /** Filling it took longer than the time limit (loops within loops over long lists). */
  tooSlow: 'document.template.tooSlow',
} as const;
export type TemplateRefusal = (typeof TemplateRefusal)[keyof typeof TemplateRefusal];
