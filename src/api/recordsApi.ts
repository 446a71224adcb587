import type {
  DataStoreProcessesAnswer,
  DataStoreProcessItem,
} from '../../schemas/api/dataStoreProcesses';
import {
  DataStoreProcessPath,
  DataStoreProcessType,
} from '../../schemas/api/dataStoreProcessesConstants';
import type {
  ObjectDefinition,
  ObjectDefinitionAnswer,
  ObjectDefinitionsAnswer,
  RecordAnswer,
  RecordDownloadBody,
  RecordPage,
  RecordQueryAnswer,
  RecordQueryBody,
} from '../../schemas/api/records';
import { RecordsPath } from '../../schemas/api/recordsConstants';
import { http } from './httpClient';
import { attachmentName } from './attachmentName';

export type { DataStoreProcessItem, ObjectDefinition, RecordPage };
/** One record with the form it opens in. */
export type RecordWithForm = RecordAnswer['result'];

/** A download may take a while for a large selection. */
const DOWNLOAD_TIMEOUT_MS = 120_000;

/** The tenant's object definitions, latest version of each (access-bo). */
export async function fetchObjectDefinitions(): Promise<ObjectDefinition[]> {
  const response = await http.get<ObjectDefinitionsAnswer>(RecordsPath.definitions);
  return response.data.result;
}

/** One object definition (`GET /api/datastore/object-definitions/{key}/{version}`). */
export async function fetchObjectDefinition(
  key: string,
  version: number,
): Promise<ObjectDefinition> {
  const response = await http.get<ObjectDefinitionAnswer>(RecordsPath.definition(key, version));
  return response.data.result;
}

/** A filtered, sorted page of an object's records. */
export async function queryRecords(
  key: string,
  version: number,
  body: RecordQueryBody,
): Promise<RecordPage> {
  const response = await http.post<RecordQueryAnswer>(RecordsPath.query(key, version), body);
  return response.data.result;
}

/** One record and its form; a 404 rejects with a `NotFoundError`. */
export async function fetchRecord(
  key: string,
  version: number,
  recordId: string,
): Promise<RecordWithForm> {
  const response = await http.get<RecordAnswer>(RecordsPath.record(key, version, recordId));
  return response.data.result;
}

/** The filtered list as an xlsx `File`, named as the server names it (`{label}.xlsx`). */
export async function downloadRecords(
  key: string,
  version: number,
  body: RecordDownloadBody,
  fallbackName: string,
): Promise<File> {
  const response = await http.post<Blob>(RecordsPath.download(key, version), body, {
    responseType: 'blob',
    timeout: DOWNLOAD_TIMEOUT_MS,
    headers: { Accept: '*/*' },
  });
  const name = attachmentName(response.headers['content-disposition']) ?? fallbackName;
  return new File([response.data], name, { type: response.data.type });
}

/**
 * The processes that delete a record of an object (`GET dataStoreProcesses` with key,
 * version and type DELETE), in menu order.
 */
export async function fetchDeleteProcesses(
  key: string,
  version: number,
): Promise<DataStoreProcessItem[]> {
  const response = await http.get<DataStoreProcessesAnswer>(DataStoreProcessPath.list, {
    params: { key, version, type: DataStoreProcessType.delete },
  });
  return response.data.result;
}

/** A picture or a large upload may take a while to arrive. */
const RECORD_FILE_TIMEOUT_MS = 120_000;

/**
 * A file a record's form shows (a picture, a signature, an upload), read through the record:
 * the server answers only files of the process instances that produced it (access-bo).
 */
export async function downloadRecordFile(
  key: string,
  version: number,
  recordId: string,
  fileId: string,
  signal?: AbortSignal,
): Promise<File> {
  const response = await http.get<Blob>(RecordsPath.recordFile(key, version, recordId, fileId), {
    responseType: 'blob',
    timeout: RECORD_FILE_TIMEOUT_MS,
    headers: { Accept: '*/*' },
    ...(signal ? { signal } : {}),
  });
  const blob = response.data;
  const name = attachmentName(response.headers['content-disposition']) ?? fileId;
  return new File([blob], name, { type: blob.type });
}
