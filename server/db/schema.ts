import type { AnalysisTables } from '../analysis/analysisTables';
import type { ClientErrorTables } from '../clientErrors/clientErrorTables';
import type { DictionaryTables } from '../dictionaries/dictionaryTables';
import type { DocumentTables } from '../documents/documentTables';
import type { EngineTables } from '../engine/engineTables';
import type { FileTables } from '../files/fileTables';
import type { FormTables } from '../forms/formTables';
import type { IdempotencyTables } from '../idempotency/idempotencyTables';
import type { LiveTables } from '../live/liveTables';
import type { RecordTables } from '../records/recordTables';
import type { TaskTables } from '../workflow/taskTables';
import type { WebhookTables } from '../webhooks/webhookTables';
import type { IdentityTables } from './identityTables';

/**
 * Every table Kysely knows about. Each area declares its tables in an interface of its own
 * file (`IdentityTables` in identityTables.ts, `EngineTables` in engine/engineTables.ts) and
 * joins it here with `&`, so areas never edit each other's table types.
 */
export type DatabaseSchema = IdentityTables &
  EngineTables &
  TaskTables &
  FormTables &
  FileTables &
  RecordTables &
  WebhookTables &
  DictionaryTables &
  DocumentTables &
  AnalysisTables &
  ClientErrorTables &
  LiveTables &
  IdempotencyTables;
