import { Type, type Static } from '@sinclair/typebox';
import { UserQueryBody } from './users';
import { DIRECTORY_ID_MAX_LENGTH, DIRECTORY_LOOKUP_MAX } from './directoryConstants';

export * from './directoryConstants';

/** A functional group in a picker: its id (the stored value), its name, how many belong to it. */
export const GroupSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  memberCount: Type.Integer({ minimum: 0 }),
});
export type GroupSummary = Static<typeof GroupSummary>;

/**
 * `POST /api/query/groups` body: the same search and paging as the users list. `filter`
 * matches the group's name or id, case-insensitively, anywhere in the text.
 */
export const GroupQueryBody = UserQueryBody;
export type GroupQueryBody = Static<typeof GroupQueryBody>;

/** A page of groups, by name then id. */
export const GroupsAnswer = Type.Object({
  result: Type.Object({
    content: Type.Array(GroupSummary),
    totalElements: Type.Integer(),
    page: Type.Integer(),
    size: Type.Integer(),
  }),
});
export type GroupsAnswer = Static<typeof GroupsAnswer>;

/**
 * Body of a lookup by ids (people or groups): distinct ids, at most `DIRECTORY_LOOKUP_MAX`.
 * The answer lists those found, in the order of the ids; an unknown id is left out.
 */
export const DirectoryIdsBody = Type.Object(
  {
    ids: Type.Array(Type.String({ minLength: 1, maxLength: DIRECTORY_ID_MAX_LENGTH }), {
      minItems: 1,
      maxItems: DIRECTORY_LOOKUP_MAX,
      uniqueItems: true,
    }),
  },
  { additionalProperties: false },
);
export type DirectoryIdsBody = Static<typeof DirectoryIdsBody>;
