// The records API's paths, enums and limits, without any schema: what the client imports at
// start-up (the drawer lists the object definitions), so the sign-in page never loads the
// schema library.

import { apiRoute } from './apiRoute';

/**
 * Business-object calls (spec 001 section 7: object definitions, `objectDataQuery/filter`,
 * `objectDataDownload/download/{key}/{version}`, `objectReportDetail/{id}`). Every call needs
 * a full session with access-bo and sees only the caller's tenant.
 */
export const RecordsPath = {
  /** GET: the tenant's object definitions, newest version of each key (the drawer). */
  definitions: '/api/datastore/object-definitions',
  /** GET: one object definition. */
  definition: apiRoute('/api/datastore/object-definitions/:key/:version'),
  /** POST: a filtered, sorted page of an object's records. */
  query: apiRoute('/api/datastore/object-data/:key/:version/query'),
  /** POST: the filtered, sorted list as an xlsx file named after the object's label. */
  download: apiRoute('/api/datastore/object-data/:key/:version/download'),
  /** GET: one record with the form it opens in. */
  record: apiRoute('/api/datastore/object-data/:key/:version/records/:recordId'),
  /**
   * GET: a file the record's form shows (a picture, a signature, an upload), as an
   * attachment; only a file stored for a process instance that produced the record.
   */
  recordFile: apiRoute('/api/datastore/object-data/:key/:version/records/:recordId/files/:fileId'),
} as const;

/** Page sizes the records table offers (spec 001 section 9). */
export const RECORD_PAGE_SIZES = [10, 25, 50] as const;
/** One of {@link RECORD_PAGE_SIZES}. */
export type RecordPageSize = (typeof RECORD_PAGE_SIZES)[number];
/** The page size before the user chooses one. */
export const DEFAULT_RECORD_PAGE_SIZE: RecordPageSize = 10;

/** Most properties one list request may name (spec 001 section 9). */
export const MAX_REQUESTED_PROPERTIES = 50;

/**
 * A list request's type: `properties` answers only the named fields (1 to 50 of them);
 * `allProperties` answers every field, for an empty list or one longer than 50 (spec 001
 * section 5: the request type switches).
 */
export const RecordRequestType = {
  properties: 'PROPERTIES',
  allProperties: 'ALL_PROPERTIES',
} as const;
export type RecordRequestType = (typeof RecordRequestType)[keyof typeof RecordRequestType];

/** How a filter compares (spec 001 section 3, "Filter item"); exact is the default. */
export const ComparisonType = { exact: 'exact', partial: 'partial' } as const;
export type ComparisonType = (typeof ComparisonType)[keyof typeof ComparisonType];

/** A sort's direction (spec 001 section 3, "Sort params"). */
export const SortDirection = { asc: 'ASC', desc: 'DESC' } as const;
export type SortDirection = (typeof SortDirection)[keyof typeof SortDirection];

/** The field types an object definition's fields may have. */
export const RECORD_FIELD_TYPES = [
  'string',
  'integer',
  'decimal',
  'date',
  'boolean',
  'object',
] as const;
export type RecordFieldType = (typeof RECORD_FIELD_TYPES)[number];

/** A field key: letters, digits and `_`, starting with a letter. */
export const RECORD_FIELD_KEY_PATTERN = '^[A-Za-z][A-Za-z0-9_]{0,62}$';
/** An object definition's key. */
export const OBJECT_KEY_PATTERN = '^[A-Za-z][A-Za-z0-9_-]{0,63}$';
/** A record's id. */
export const RECORD_ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';
/** Longest filter value. */
export const FILTER_VALUE_MAX_LENGTH = 200;
/** Most filter rows one request may carry. */
export const MAX_FILTERS = 50;

/** Detail codes of a refused list request (400 VALIDATION_ERROR), translated by the client. */
export const RecordsErrorCode = {
  unknownColumn: 'records.unknownColumn',
  sortNotAField: 'records.sortNotAField',
  badNumber: 'records.badNumber',
  badBoolean: 'records.badBoolean',
  badDate: 'records.badDate',
  propertyCount: 'records.propertyCount',
} as const;
export type RecordsErrorCode = (typeof RecordsErrorCode)[keyof typeof RecordsErrorCode];

/** Detail codes of a download the server stopped building (422), translated by the client. */
export const RecordsDownloadRefusal = {
  /** Building the file took longer than its time limit. */
  tooSlow: 'records.downloadTooSlow',
  /** Building the file needed more memory than its limit. */
  tooLarge: 'records.downloadTooLarge',
} as const;
export type RecordsDownloadRefusal =
  (typeof RecordsDownloadRefusal)[keyof typeof RecordsDownloadRefusal];
