// The directory API's paths and limits, without any schema: what the client imports at
// start-up, so the sign-in page never loads the schema library.

/** The directory of people and functional groups behind the form pickers, one place for both sides. */
export const DirectoryPath = {
  /** POST: the functional groups of the caller's tenant, searchable by name or id, paged. */
  groups: '/api/query/groups',
  /** POST: the groups of a list of ids, to name saved values. */
  groupsByIds: '/api/query/groups/by-ids',
  /** POST: the people of a list of ids (staff with access-task), to name saved values. */
  usersByIds: '/api/query/users/by-ids',
} as const;

/** The most ids one lookup takes: a form holds a handful of pickers, a page a few forms. */
export const DIRECTORY_LOOKUP_MAX = 100;

/** The longest id a lookup takes; longer ones belong to nobody. */
export const DIRECTORY_ID_MAX_LENGTH = 100;
