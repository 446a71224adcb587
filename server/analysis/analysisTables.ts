import type { ColumnType } from 'kysely';

/** A timestamptz column the database fills in on insert. */
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** `analysis_consents`: a user accepted the analysis warning for one object definition. */
export interface AnalysisConsentsTable {
  tenant: string;
  user_id: string;
  object_key: string;
  object_version: number;
  consented_at: GeneratedTimestamp;
}

/** `analysis_identities`: the external identity one Tessera session signed in with. */
export interface AnalysisIdentitiesTable {
  session_id_hash: string;
  tenant: string;
  email: string;
  issuer: string;
  signed_in_at: GeneratedTimestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

/** `idp_payloads`: the built-in identity provider's stored models (codes, grants, sessions). */
export interface IdpPayloadsTable {
  model: string;
  id: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  consumed_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

/** The analysis area's tables, merged into `DatabaseSchema`. */
export interface AnalysisTables {
  analysis_consents: AnalysisConsentsTable;
  analysis_identities: AnalysisIdentitiesTable;
  idp_payloads: IdpPayloadsTable;
}
