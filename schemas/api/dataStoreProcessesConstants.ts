// The data-store processes call's path and enums, without any schema: the record page
// imports them without loading the schema library.

/**
 * Processes linked to an object definition (spec 001 section 7, `GET dataStoreProcesses`
 * with key, version and type). Needs a full session with access-bo; only the caller's
 * tenant is read.
 */
export const DataStoreProcessPath = {
  /** GET `?key=&version=&type=DELETE`: the processes that act on the object's records. */
  list: '/api/datastore/data-store-processes',
} as const;

/** What a linked process does to a record; the spec names only deletion. */
export const DataStoreProcessType = { delete: 'DELETE' } as const;
export type DataStoreProcessType = (typeof DataStoreProcessType)[keyof typeof DataStoreProcessType];

/** The `values.metaData.linkType` a delete process is started with (spec 001 section 3). */
export const DELETE_LINK_TYPE = DataStoreProcessType.delete;
