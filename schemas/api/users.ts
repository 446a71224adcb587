import { Type, type Static } from '@sinclair/typebox';
import { routePatterns } from './apiRoute';
import { PageNumber } from './common';
import { BULK_REASSIGN_LIMIT, JsonObject } from './tasks';

import { UserPath } from './usersConstants';

export * from './usersConstants';

/** Route patterns of the calls above, as the server registers them. */
export const UserRoute = routePatterns(UserPath);

/** The largest serialised settings object a user may keep, in bytes. */
export const USER_SETTINGS_MAX_BYTES = 16 * 1024;

/** A person in a picker (spec 000 section 3, "User": id, email, firstName). */
export const UserSummary = Type.Object({
  id: Type.String(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  fullName: Type.String(),
});
export type UserSummary = Static<typeof UserSummary>;

/**
 * `POST /api/query/users` body. `filter` matches first name, last name, full name or email,
 * case-insensitively, anywhere in the text.
 */
export const UserQueryBody = Type.Object(
  {
    filter: Type.Optional(Type.String({ maxLength: 100 })),
    page: Type.Optional(PageNumber(10_000)),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  { additionalProperties: false },
);
export type UserQueryBody = Static<typeof UserQueryBody>;

/** A page of users, by first then last name. */
export const UsersAnswer = Type.Object({
  result: Type.Object({
    content: Type.Array(UserSummary),
    totalElements: Type.Integer(),
    page: Type.Integer(),
    size: Type.Integer(),
  }),
});
export type UsersAnswer = Static<typeof UsersAnswer>;

/** Params of the reassignable-users call. */
export const ReassignableUsersParams = Type.Object({
  taskId: Type.String({ minLength: 1, maxLength: 100 }),
});
export type ReassignableUsersParams = Static<typeof ReassignableUsersParams>;

/** Body of the bulk reassignable-users call: the selected tasks, as a bulk reassign takes them. */
export const BulkReassignableUsersBody = Type.Object(
  {
    taskIds: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      minItems: 1,
      maxItems: BULK_REASSIGN_LIMIT,
      uniqueItems: true,
    }),
  },
  { additionalProperties: false },
);
export type BulkReassignableUsersBody = Static<typeof BulkReassignableUsersBody>;

/** A user's UI settings: a JSON object of the client's choosing. */
export const UserSettings = Type.Record(Type.String(), Type.Unknown());
export type UserSettings = Static<typeof UserSettings>;

/**
 * `PATCH /api/task/user-settings` body: merged into the stored object key by key (one
 * level); a key set to null is removed. The merged object may not exceed 16 KiB.
 */
export const UserSettingsPatch = JsonObject(100, 100);
export type UserSettingsPatch = Static<typeof UserSettingsPatch>;

/** `GET` and `PATCH /api/task/user-settings` answer: the whole stored object. */
export const UserSettingsAnswer = Type.Object({ result: UserSettings });
export type UserSettingsAnswer = Static<typeof UserSettingsAnswer>;
