import type { Kysely } from 'kysely';
import type {
  DataStoreProcessItem,
  DataStoreProcessType,
} from '../../schemas/api/dataStoreProcesses';
import type { LocalizedText } from '../../schemas/forms';
import type { DatabaseSchema } from '../db/schema';
import { requireObjectDefinition } from './objectDefinitions';

/** Which object's processes of which kind a list reads. */
export interface DataStoreProcessSelection {
  readonly tenant: string;
  readonly key: string;
  readonly version: number;
  readonly type: DataStoreProcessType;
}

/**
 * The processes linked to an object definition of the tenant for one kind of action, in
 * menu order, each as the newest deployed definition of its process key (spec 001:
 * `dataStoreProcesses`). A link whose process is not deployed in the tenant is left out,
 * since it could not be started. 404 when the tenant has no such object definition.
 */
export async function listDataStoreProcesses(
  db: Kysely<DatabaseSchema>,
  selection: DataStoreProcessSelection,
): Promise<DataStoreProcessItem[]> {
  const { tenant, key, version, type } = selection;
  await requireObjectDefinition(db, tenant, key, version);
  const rows = await db
    .selectFrom('object_definition_processes as link')
    .innerJoin('process_definitions as definition', (join) =>
      join
        .onRef('definition.tenant', '=', 'link.tenant')
        .onRef('definition.key', '=', 'link.process_key'),
    )
    .select([
      'link.process_key',
      'link.label',
      'link.position',
      'definition.id',
      'definition.name',
      'definition.version',
    ])
    .where('link.tenant', '=', tenant)
    .where('link.object_key', '=', key)
    .where('link.object_version', '=', version)
    .where('link.type', '=', type)
    .execute();
  // 1. Keep the newest version of each process key.
  const newest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const kept = newest.get(row.process_key);
    if (!kept || kept.version < row.version) newest.set(row.process_key, row);
  }
  // 2. Menu order, then the key for a stable order among equal positions.
  return [...newest.values()]
    .sort((a, b) => a.position - b.position || a.process_key.localeCompare(b.process_key))
    .map((row) => ({
      appDefinition: { processDefinitionId: row.id, name: row.name },
      dataStoreLink: { label: row.label },
    }));
}

/** A process to link to an object definition. */
export interface DataStoreProcessLink {
  readonly objectKey: string;
  readonly objectVersion: number;
  readonly type: DataStoreProcessType;
  readonly processKey: string;
  readonly label: LocalizedText;
  readonly position?: number;
}

/**
 * Links a process to an object definition of the tenant, or relabels an existing link.
 * Used by the demo seed and by tests; managing links is not part of the app.
 */
export async function linkDataStoreProcess(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  link: DataStoreProcessLink,
): Promise<void> {
  const label = JSON.stringify(link.label);
  const position = link.position ?? 0;
  await db
    .insertInto('object_definition_processes')
    .values({
      tenant,
      object_key: link.objectKey,
      object_version: link.objectVersion,
      type: link.type,
      process_key: link.processKey,
      label,
      position,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['tenant', 'object_key', 'object_version', 'type', 'process_key'])
        .doUpdateSet({ label, position }),
    )
    .execute();
}
