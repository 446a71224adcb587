/** The records screens' addresses (spec 000 section 2, spec 001 section 2). */
export const RecordRoutes = {
  list: '/objectdata/:key/:version',
  record: '/objectdata/:key/:version/:recordId',
} as const;

/** `/objectdata/{key}/{version}`: an object's records list. */
export function objectDataPath(key: string, version: number): string {
  return `/objectdata/${encodeURIComponent(key)}/${version}`;
}

/** `/objectdata/{key}/{version}/{recordId}`: one record. */
export function recordPath(key: string, version: number, recordId: string): string {
  return `${objectDataPath(key, version)}/${encodeURIComponent(recordId)}`;
}

/** The version of a records address: the number it names, else 1 (spec 001 section 2). */
export function versionFromPath(text: string | undefined): number {
  if (text === undefined || !/^\d{1,7}$/.test(text)) return 1;
  const version = Number(text);
  return version >= 1 ? version : 1;
}
