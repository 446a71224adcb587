import { objectDataPath } from './recordPaths';

const KEY = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/**
 * The records list a process's `metaData` names (spec 000 section 4: a task whose process
 * metadata names an object definition can go to `/objectdata/{key}/{version}`): its
 * `objectDefinitionKey` and its `objectDefinitionVersion` (or `version`), 1 when that is
 * not a whole number. Null when it names no object.
 */
export function objectDataTarget(metaData: Readonly<Record<string, unknown>>): string | null {
  const key = metaData.objectDefinitionKey;
  if (typeof key !== 'string' || !KEY.test(key)) return null;
  const raw = metaData.objectDefinitionVersion ?? metaData.version;
  const version = Number(raw);
  return objectDataPath(key, Number.isInteger(version) && version >= 1 ? version : 1);
}
