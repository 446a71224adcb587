import { Type, type Static } from '@sinclair/typebox';
import { LocalizedText } from '../forms/localizedText';
import { StringEnum } from '../forms/stringEnum';
import { DefinitionVersion } from './common';
import { DataStoreProcessType } from './dataStoreProcessesConstants';
import { OBJECT_KEY_PATTERN, RECORD_ID_PATTERN } from './recordsConstants';

export * from './dataStoreProcessesConstants';

/** Query of `GET dataStoreProcesses`: the object and the kind of process. */
export const DataStoreProcessesQuery = Type.Object(
  {
    key: Type.String({ pattern: OBJECT_KEY_PATTERN }),
    version: DefinitionVersion(),
    type: StringEnum(Object.values(DataStoreProcessType)),
  },
  { additionalProperties: false },
);
export type DataStoreProcessesQuery = Static<typeof DataStoreProcessesQuery>;

/**
 * One linked process (spec 001 section 3, "Delete-process item"): the newest deployed
 * definition of the process, and the label the menu shows for it.
 */
export const DataStoreProcessItem = Type.Object({
  appDefinition: Type.Object({
    processDefinitionId: Type.String(),
    name: Type.String(),
  }),
  dataStoreLink: Type.Object({ label: LocalizedText }),
});
export type DataStoreProcessItem = Static<typeof DataStoreProcessItem>;

/** `GET dataStoreProcesses` answer: the linked processes in menu order. */
export const DataStoreProcessesAnswer = Type.Object({
  result: Type.Array(DataStoreProcessItem),
});
export type DataStoreProcessesAnswer = Static<typeof DataStoreProcessesAnswer>;

/**
 * `values.metaData` of a process started on a record (spec 001 section 3, "Start process
 * payload"): the record, the link type and its object definition.
 */
export const RecordProcessMetaData = Type.Object({
  businessObjectId: Type.String({ pattern: RECORD_ID_PATTERN }),
  linkType: StringEnum(Object.values(DataStoreProcessType)),
  objectDefinitionKey: Type.String({ pattern: OBJECT_KEY_PATTERN }),
  objectDefinitionVersion: DefinitionVersion(),
});
export type RecordProcessMetaData = Static<typeof RecordProcessMetaData>;
