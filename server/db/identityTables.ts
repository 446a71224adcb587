import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { PasswordSettings } from '../../schemas/api/identity';

/**
 * A `timestamptz` column: read as a `Date` (node-postgres' parser), written as a `Date` or an
 * ISO string. Columns with a database default use `Timestamp | undefined` on insert.
 */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A `timestamptz` column the database fills in on insert. */
export type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/**
 * A `jsonb` column. Writes take a JSON string on purpose: node-postgres would turn a JS array
 * into a PostgreSQL array literal, so every writer calls `JSON.stringify` itself.
 */
export type Json<T> = ColumnType<T, string, string>;

/** A session is either complete, or limited to the password calls (must-change state). */
export type SessionKind = 'full' | 'password-change';

/** `tenants`: one row per lender organisation; its name is the first host label. */
export interface TenantsTable {
  name: string;
  display_name: string;
  /** Public origin for links in mails; null falls back to PUBLIC_URL_TEMPLATE. */
  base_url: string | null;
  maintenance: Generated<boolean>;
  /** The task page offers Autofill to holders of access-autofill (test tenants only). */
  autofill: Generated<boolean>;
  password_policy: Json<PasswordSettings>;
  created_at: GeneratedTimestamp;
}

/** `system_flags`: switches that apply to every tenant, such as global maintenance. */
export interface SystemFlagsTable {
  name: string;
  enabled: Generated<boolean>;
  updated_at: GeneratedTimestamp;
}

/** `users`: staff accounts. The email is unique per tenant, compared case-insensitively. */
export interface UsersTable {
  /** Globally unique, so other tables may reference a user by id alone. */
  id: string;
  tenant: string;
  email: string;
  first_name: string;
  last_name: string;
  /** `scrypt$N$r$p$salt$hash` (see server/identity/passwordHash.ts). */
  password_hash: string;
  must_change_password: Generated<boolean>;
  privileges: ColumnType<string[], string[] | undefined, string[]>;
  /** The supervisor who leads this user's team. */
  manager_id: string | null;
  locale: string | null;
  created_at: GeneratedTimestamp;
}

/** `groups`: candidate groups and teams of a tenant. */
export interface GroupsTable {
  tenant: string;
  id: string;
  name: string;
  /** The name per interface language (migration `0960_group_display_names.sql`), or null. */
  display_names: ColumnType<
    Readonly<Record<string, string>> | null,
    string | null | undefined,
    string | null
  >;
}

/** `group_members`: which users belong to which group. */
export interface GroupMembersTable {
  tenant: string;
  group_id: string;
  user_id: string;
}

/** `sessions`: server-side sessions; only a SHA-256 of the cookie value is stored. */
export interface SessionsTable {
  id_hash: string;
  tenant: string;
  user_id: string;
  kind: SessionKind;
  created_at: GeneratedTimestamp;
  last_seen_at: GeneratedTimestamp;
  /** Absolute end of the session, whatever the activity. */
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

/** `login_failures`: one row per failed sign-in, for throttling and soft locks. */
export interface LoginFailuresTable {
  id: Generated<number>;
  tenant: string;
  /** Lower-cased, so the counts ignore case like the sign-in does. */
  email: string;
  ip: string;
  at: GeneratedTimestamp;
  /** An attempt whose password is being checked now (see loginThrottle.ts). */
  pending: Generated<boolean>;
}

/** `password_resets`: single-use reset codes; only a SHA-256 of the code is stored. */
export interface PasswordResetsTable {
  code_hash: string;
  tenant: string;
  user_id: string;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/**
 * `mail_outbox`: where earlier versions kept every composed mail. Nothing writes it now (mails
 * without SMTP go to the operator's mail folder, server/mail/mailFolder.ts); it stays until a
 * migration drops it.
 */
export interface MailOutboxTable {
  id: Generated<number>;
  tenant: string;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  created_at: GeneratedTimestamp;
  sent_at: Timestamp | null;
}

/** `user_settings`: free-form per-user UI settings (spec 000 section 7, user settings). */
export interface UserSettingsTable {
  tenant: string;
  user_id: string;
  settings: Json<Record<string, unknown>>;
  updated_at: GeneratedTimestamp;
}

/**
 * An outside system a tenant's administrator lets call the integration API: it signs in
 * with `<id>.<secret>` as a bearer token; only the secret's SHA-256 is kept.
 */
export interface IntegrationClientsTable {
  tenant: string;
  id: string;
  name: string;
  scopes: ColumnType<string[], string[], string[]>;
  secret_hash: string;
  created_by: string;
  created_at: GeneratedTimestamp;
  revoked_at: Timestamp | null;
  revoked_by: string | null;
  last_used_at: Timestamp | null;
}

/** The identity tables, merged into `DatabaseSchema`. */
export interface IdentityTables {
  tenants: TenantsTable;
  system_flags: SystemFlagsTable;
  users: UsersTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  password_resets: PasswordResetsTable;
  mail_outbox: MailOutboxTable;
  user_settings: UserSettingsTable;
  integration_clients: IntegrationClientsTable;
}

/** A user row as read. */
export type UserRow = Selectable<UsersTable>;
/** A user row as inserted. */
export type NewUser = Insertable<UsersTable>;
/** A user row update. */
export type UserUpdate = Updateable<UsersTable>;
/** A tenant row as read. */
export type TenantRow = Selectable<TenantsTable>;
/** A session row as read. */
export type SessionRow = Selectable<SessionsTable>;
/** An outbox row as read. */
export type MailOutboxRow = Selectable<MailOutboxTable>;
