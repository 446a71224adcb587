import type { ColumnType, Generated } from 'kysely';
import type { ClientErrorKind } from '../../schemas/api/clientErrorsConstants';

/** `client_errors`: one report of the browser app, scrubbed, of one tenant. */
export interface ClientErrorsTable {
  id: Generated<string>;
  tenant: string;
  /** Null for a report sent before sign-in. */
  user_id: string | null;
  kind: ClientErrorKind;
  name: string;
  message: string;
  stack: string;
  component_stack: string;
  /** The screen's path, without query or fragment. */
  route: string;
  release: string;
  details: ColumnType<Record<string, unknown>, string, string>;
  user_agent: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The error-report area's tables, merged into the server's DatabaseSchema. */
export interface ClientErrorTables {
  client_errors: ClientErrorsTable;
}
