import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { checkProcessForms } from './checkProcessForms';
import { DefinitionRefusedError, type DeployError } from './engineErrors';
import { toProcessDefinition } from './engineRows';
import { loadProcessForms } from './loadProcessForms';
import { parseProcessDefinition } from './parseProcessDefinition';
import type {
  DeployedDefinition,
  DeployFolderResult,
  ProcessDefinition,
} from './processEngineTypes';
import type { EngineContext } from './EngineContext';

/** Deploys BPMN definitions and reads them back: the engine's definitions seam. */
export class EngineDeployer {
  constructor(private readonly context: EngineContext) {}

  /**
   * Deploys a BPMN definition as the next version of its key. Deploying the same XML as
   * the latest version again returns that version, so seeding on every start is harmless.
   * Throws {@link DefinitionRefusedError} listing every problem.
   */
  async deploy(tenant: string, xml: string): Promise<DeployedDefinition> {
    // 0. XML that is already some key's latest version needs no parsing: every start
    //    deploys the fixtures again, and parsing them was a large part of a warm start.
    const unchanged = await this.context.db
      .selectFrom('process_definitions as d')
      .selectAll('d')
      .where('d.tenant', '=', tenant)
      .where('d.xml', '=', xml)
      .where(({ eb, selectFrom }) =>
        eb(
          'd.version',
          '=',
          selectFrom('process_definitions as l')
            .select(({ fn }) => fn.max('l.version').as('latest'))
            .whereRef('l.tenant', '=', 'd.tenant')
            .whereRef('l.key', '=', 'd.key'),
        ),
      )
      .executeTakeFirst();
    if (unchanged) return { ...toProcessDefinition(unchanged), warnings: [] };
    const parsed = await parseProcessDefinition(xml, { serviceHandlers: this.context.handlers });
    if ('errors' in parsed) throw new DefinitionRefusedError(parsed.errors);
    const model = parsed.definition;
    // Reads of variables that no earlier form, start or handler writes are warnings too.
    const unwritten = checkProcessForms(model, {
      forms: await loadProcessForms(this.context.db, tenant, model),
      handlerOutputs: (name) => this.context.handlers.outputsOf(name),
    });
    const warnings = [...parsed.warnings, ...unwritten];
    return this.context.inTransaction(async (trx) => {
      // 1. Serialise deploys of one key so two cannot pick the same version number.
      await sql`select pg_advisory_xact_lock(hashtext(${tenant}), hashtext(${model.key}))`.execute(
        trx,
      );
      // 2. Unchanged XML: keep the current version.
      const latest = await trx
        .selectFrom('process_definitions')
        .selectAll()
        .where('tenant', '=', tenant)
        .where('key', '=', model.key)
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (latest?.xml === xml) return { ...toProcessDefinition(latest), warnings };
      // 3. Otherwise insert the next version.
      const row = await trx
        .insertInto('process_definitions')
        .values({
          id: randomUUID(),
          tenant,
          key: model.key,
          name: model.name,
          version: (latest?.version ?? 0) + 1,
          category: model.category,
          description: model.description,
          xml,
          model: JSON.stringify(model),
          deployed_at: this.context.clock(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { ...toProcessDefinition(row), warnings };
    });
  }

  /**
   * Deploys every `*.bpmn` file directly in `folder` (not its subfolders), in name order.
   * A refused file does not stop the others; the result says which were refused and why.
   */
  async deployFolder(tenant: string, folder: string): Promise<DeployFolderResult> {
    const entries = await readdir(folder, { withFileTypes: true });
    const files = entries
      .filter((entry) => entry.isFile() && entry.name.endsWith('.bpmn'))
      .map((entry) => entry.name)
      .sort();
    const deployed: DeployedDefinition[] = [];
    const refused: { file: string; errors: readonly DeployError[] }[] = [];
    for (const file of files) {
      const xml = await readFile(join(folder, file), 'utf8');
      try {
        deployed.push(await this.deploy(tenant, xml));
      } catch (error) {
        if (!(error instanceof DefinitionRefusedError)) throw error;
        refused.push({ file, errors: error.errors });
      }
    }
    return { deployed, refused };
  }

  /** The latest version of every process key of the tenant (the start-process list). */
  async listDefinitions(tenant: string): Promise<ProcessDefinition[]> {
    const rows = await this.context.db
      .selectFrom('process_definitions')
      .selectAll()
      .distinctOn('key')
      .where('tenant', '=', tenant)
      .orderBy('key')
      .orderBy('version', 'desc')
      .execute();
    return rows.map(toProcessDefinition).sort((a, b) => a.name.localeCompare(b.name));
  }

  /** One definition version by id. */
  async getDefinition(tenant: string, definitionId: string): Promise<ProcessDefinition> {
    return toProcessDefinition(
      await this.context.definitionRow(this.context.db, tenant, definitionId),
    );
  }
}
