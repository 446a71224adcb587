// Who may call each route, declared next to the routes (one `callers.ts` per route folder)
// in a small vocabulary, and the status every kind of caller gets, derived from it. The
// route-access test (tests/integration/routeAccess.test.ts) sends each route a request as
// each caller and compares; a route without a declaration fails it.
import type { Privilege } from '../../schemas/api/identityConstants';

/**
 * The callers every route is tried with:
 * - `anonymous`: no session cookie;
 * - `task`, `bo`, `test`, `admin`: a user whose only privilege is access-task, access-bo,
 *   access-test or access-admin (in no group, on no team);
 * - `none`: a user without any privilege;
 * - `owner`: the owner of the route's object (started the case, holds its task, uploaded its
 *   file), with access-task;
 * - `nonOwner`: a colleague of the owner's tenant and group, with access-task, who has no part
 *   in the object;
 * - `otherTenant`: a user of the acme tenant with every privilege, on the acme host, naming
 *   the internal tenant's objects;
 * - `foreignCookie`: that acme user's session cookie sent to the internal host;
 * - `mustChange`: a session whose password must be changed first.
 */
export const CALLERS = [
  'anonymous',
  'task',
  'bo',
  'test',
  'admin',
  'none',
  'owner',
  'nonOwner',
  'otherTenant',
  'foreignCookie',
  'mustChange',
] as const;

/** One of {@link CALLERS}. */
export type Caller = (typeof CALLERS)[number];

/** The privileges each signed-in caller holds (`otherTenant` holds every one, in its tenant). */
export const CALLER_PRIVILEGES: Readonly<Record<Caller, readonly Privilege[]>> = {
  anonymous: [],
  task: ['access-task'],
  bo: ['access-bo'],
  test: ['access-test'],
  admin: ['access-admin'],
  none: [],
  owner: ['access-task'],
  nonOwner: ['access-task'],
  otherTenant: [
    'access-task',
    'access-bo',
    'access-test',
    'access-variables',
    'access-autofill',
    'access-admin',
  ],
  foreignCookie: [],
  mustChange: ['access-task'],
};

/**
 * The kinds of object a route acts on: a task made by the test for the owner (with its process
 * instance, files and comments), the owner's own account (`user`), or a thing of the owner's
 * tenant that is nobody's in particular (`tenant`: a record, a form, a template), which every
 * holder of the privilege may use and another tenant cannot find.
 */
export type OwnedObject = 'task' | 'user' | 'tenant';

/**
 * Who may call a route:
 * - `'public'`: anyone, signed in or not (`ok` for every caller);
 * - `'any session'`: a session of the request's tenant, a must-change-password one included;
 * - `'session'`: a full session of the request's tenant, any privileges;
 * - `{ privilege }`: a full session holding `privilege` (401 without a session, 403 without
 *   the privilege; a list needs every one of them); with `object`, only the object's owner gets `ok`: other holders of the
 *   privilege get `denied` (403 unless said), another tenant's user 404.
 */
export type Access =
  | 'public'
  | 'any session'
  | 'session'
  | { privilege: Privilege | readonly Privilege[]; object?: OwnedObject; denied?: number };

/**
 * A request that reaches the route's access check with a valid shape. Texts may name the
 * test's objects as placeholders: `:taskId`, `:processInstanceId`, `:fileId`, `:userId` (the
 * owner's), `:recordKey`, `:recordVersion`, `:recordId`, `:templateId`, ... (see the test).
 */
export interface AccessRequest {
  /** Path parameters by name; the test fills the known ones itself. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A JSON body, merged over the one drawn from the route's schema; a string is sent as is. */
  body?: Record<string, unknown> | string;
  /** A multipart form with one small file, for upload routes. */
  multipart?: { fields: Record<string, string>; file?: { name: string; type: string } };
  headers?: Record<string, string>;
}

/** The declaration of one route. */
export interface RouteCallers {
  access: Access;
  /** The status of an allowed call (200 unless said). */
  ok?: number;
  /** Callers whose status differs from what `access` derives, each with why in a comment. */
  except?: Partial<Record<Caller, number>>;
  request?: AccessRequest;
  /**
   * The route changes state (or is throttled per account): the test makes fresh objects
   * before it and calls it one caller at a time, refused callers first.
   */
  changes?: boolean;
  /** The answer is a stream that stays open: only its status is read. */
  stream?: boolean;
}

/** One folder's declarations, keyed by `METHOD url` exactly as Fastify registers it. */
export type RouteCallersTable = Readonly<Record<string, RouteCallers>>;

/** The status `caller` should get from a route declared as `declaration`. */
export function expectedStatus(declaration: RouteCallers, caller: Caller): number {
  const overridden = declaration.except?.[caller];
  if (overridden !== undefined) return overridden;
  const ok = declaration.ok ?? 200;
  const { access } = declaration;
  if (access === 'public') return ok;
  if (caller === 'anonymous' || caller === 'foreignCookie') return 401;
  if (access === 'any session') return ok;
  if (caller === 'mustChange') return 401;
  if (access === 'session') return ok;
  const needed: readonly Privilege[] =
    typeof access.privilege === 'string' ? [access.privilege] : access.privilege;
  if (!needed.every((privilege) => CALLER_PRIVILEGES[caller].includes(privilege))) return 403;
  if (!access.object || caller === 'owner') return ok;
  if (caller === 'otherTenant') return 404;
  if (access.object === 'tenant') return ok;
  return access.denied ?? 403;
}

/** The callers with a full session, the one kind of session any privilege comes with. */
export const FULL_SESSION_CALLERS: readonly Caller[] = [
  'task',
  'bo',
  'test',
  'admin',
  'none',
  'owner',
  'nonOwner',
  'otherTenant',
];

/** An `except` giving every full session `status` (where a route ends differently for them). */
export function fullSessions(status: number): Partial<Record<Caller, number>> {
  return Object.fromEntries(FULL_SESSION_CALLERS.map((caller) => [caller, status]));
}
