import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { PasswordSettings } from '../../schemas/api/identity';
import { projectPath } from '../paths';

/** The demo tenants' shape in `fixtures/identity/tenants.json`. */
export const TenantFixture = Type.Object({
  name: Type.String({ pattern: '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$' }),
  displayName: Type.String({ minLength: 1 }),
  baseUrl: Type.Union([Type.String(), Type.Null()]),
  passwordPolicy: PasswordSettings,
  /** The task page's Autofill is on for this tenant; off when absent. */
  autofill: Type.Optional(Type.Boolean()),
  /** Groups; `names` gives the name in other interface languages (`name` is English). */
  groups: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      names: Type.Optional(
        Type.Object(
          {
            en: Type.Optional(Type.String()),
            es: Type.Optional(Type.String()),
            fr: Type.Optional(Type.String()),
          },
          { additionalProperties: false },
        ),
      ),
    }),
  ),
});
export type TenantFixture = Static<typeof TenantFixture>;

/** The demo users' shape in `fixtures/identity/users.json`. */
export const UserFixture = Type.Object({
  id: Type.String({ minLength: 1 }),
  tenant: Type.String(),
  email: Type.String({ minLength: 3 }),
  firstName: Type.String(),
  lastName: Type.String(),
  locale: Type.Union([Type.String(), Type.Null()]),
  privileges: Type.Array(Type.String()),
  managerId: Type.Union([Type.String(), Type.Null()]),
  groups: Type.Array(Type.String()),
  mustChangePassword: Type.Boolean(),
  /** What this account shows off, printed with the demo sign-ins. */
  role: Type.String(),
});
export type UserFixture = Static<typeof UserFixture>;

/** The one password every demo account starts with; it meets the demo policy. */
export const DEMO_PASSWORD = 'Tessera#2026';

/** The folder the identity fixtures live in. */
export const IDENTITY_FIXTURES_DIR = projectPath('fixtures', 'identity');

function readArray<T extends typeof TenantFixture | typeof UserFixture>(
  file: string,
  schema: T,
): Static<T>[] {
  const data: unknown = JSON.parse(readFileSync(join(IDENTITY_FIXTURES_DIR, file), 'utf8'));
  const list = Type.Array(schema);
  if (!Value.Check(list, data)) {
    const first = Value.Errors(list, data).First();
    throw new Error(
      `fixtures/identity/${file} is malformed at ${first?.path ?? '?'}: ${first?.message ?? ''}`,
    );
  }
  return data;
}

/** Reads and checks the identity fixtures. */
export function loadIdentityFixtures(): { tenants: TenantFixture[]; users: UserFixture[] } {
  return {
    tenants: readArray('tenants.json', TenantFixture),
    users: readArray('users.json', UserFixture),
  };
}

/** One demo sign-in, as printed at start-up and listed in the README. */
export interface DemoSignIn {
  tenant: string;
  email: string;
  password: string;
  role: string;
}

/** The demo sign-ins, in fixture order. */
export function demoSignIns(): DemoSignIn[] {
  return loadIdentityFixtures().users.map((user) => ({
    tenant: user.tenant,
    email: user.email,
    password: DEMO_PASSWORD,
    role: user.role,
  }));
}
