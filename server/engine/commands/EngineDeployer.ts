import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { checkProcessForms } from './checkProcessForms';
import { DefinitionRefusedError, type DeployError } from '../engineErrors';
import { toProcessDefinition } from './engineRows';
import { loadProcessForms, pinProcessForms } from './loadProcessForms';
import type { FormSource } from './checkProcessForms';
import type { DeployWarning } from '../parse/extensionDialects';
import type { ProcessModel } from '../processModel';
import type { Transaction } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { parseProcessDefinition } from '../parse/parseProcessDefinition';
import type {
  DeployedDefinition,
  DeployFolderResult,
  ProcessDefinition,
} from '../processEngineTypes';
import type { EngineContext } from './EngineContext';

/** How a deployment is made beyond its XML. */
export interface DeployOptions {
  /** Who deploys it; null (the default) for what the installation seeds. */
  readonly deployedBy?: string | null;
  /**
   * Always make a new version, even of XML equal to the latest (an administrator's deploy,
   * as Flowable does without duplicate filtering): it may come with new forms, or bring
   * back a retired version's XML.
   */
  readonly alwaysNewVersion?: boolean;
  /** Forms deployed with the process, by id: the checks read them instead of the stored ones. */
  readonly bundledForms?: ReadonlyMap<string, FormSource>;
  /** Runs first inside the deploy's transaction (stores the bundled forms). */
  readonly beforeInsert?: (trx: Transaction<DatabaseSchema>) => Promise<void>;
}

/** What checking a definition found, without deploying it. */
export interface DefinitionCheck {
  /** The parsed process when the file is accepted. */
  readonly model: ProcessModel | null;
  readonly errors: readonly DeployError[];
  readonly warnings: readonly DeployWarning[];
}

/** Deploys BPMN definitions and reads them back: the engine's definitions seam. */
export class EngineDeployer {
  constructor(private readonly context: EngineContext) {}

  /**
   * Checks a BPMN definition as deploy would, storing nothing: the parser's refusals, its
   * warnings, and the reads of variables no earlier form, start or handler writes (forms
   * `bundled` with it first, then the stored ones; a form found in neither is a warning).
   */
  async check(
    tenant: string,
    xml: string,
    bundled: ReadonlyMap<string, FormSource> = new Map(),
  ): Promise<DefinitionCheck> {
    const parsed = await parseProcessDefinition(xml, { serviceHandlers: this.context.handlers });
    if ('errors' in parsed) {
      return { model: null, errors: parsed.errors, warnings: parsed.warnings ?? [] };
    }
    const model = parsed.definition;
    const unwritten = checkProcessForms(model, {
      forms: await loadProcessForms(this.context.db, tenant, model, bundled),
      handlerOutputs: (name) => this.context.handlers.outputsOf(name),
      reportMissingForms: true,
    });
    return { model, errors: [], warnings: [...parsed.warnings, ...unwritten] };
  }

  /**
   * Deploys a BPMN definition as the next version of its key. Deploying the same XML as
   * the latest version again returns that version, so seeding on every start is harmless
   * (unless `alwaysNewVersion`); for the installation's own files (no `deployedBy`) the
   * latest version it deployed itself is the one compared, so an administrator's later
   * versions stay on top. The new version is pinned to the forms stored at that
   * moment. Throws {@link DefinitionRefusedError} listing every problem.
   */
  async deploy(
    tenant: string,
    xml: string,
    options: DeployOptions = {},
  ): Promise<DeployedDefinition> {
    // 0. XML that is already some key's latest version needs no parsing: every start
    //    deploys the fixtures again, and parsing them was a large part of a warm start.
    const unchanged = options.alwaysNewVersion
      ? undefined
      : await this.context.db
          .selectFrom('process_definitions as d')
          .selectAll('d')
          .where('d.tenant', '=', tenant)
          .where('d.xml', '=', xml)
          .where('d.deployed_by', 'is', null)
          .where(({ eb, selectFrom }) =>
            eb(
              'd.version',
              '=',
              selectFrom('process_definitions as l')
                .select(({ fn }) => fn.max('l.version').as('latest'))
                .whereRef('l.tenant', '=', 'd.tenant')
                .whereRef('l.key', '=', 'd.key')
                .where('l.deployed_by', 'is', null),
            ),
          )
          .executeTakeFirst();
    if (unchanged) return { ...toProcessDefinition(unchanged), warnings: [] };
    const parsed = await parseProcessDefinition(xml, { serviceHandlers: this.context.handlers });
    if ('errors' in parsed) throw new DefinitionRefusedError(parsed.errors);
    const model = parsed.definition;
    // Reads of variables that no earlier form, start or handler writes are warnings too.
    const unwritten = checkProcessForms(model, {
      forms: await loadProcessForms(this.context.db, tenant, model, options.bundledForms),
      handlerOutputs: (name) => this.context.handlers.outputsOf(name),
    });
    const warnings = [...parsed.warnings, ...unwritten];
    return this.context.inTransaction(async (trx) => {
      // 1. Serialise deploys of one key so two cannot pick the same version number.
      await sql`select pg_advisory_xact_lock(hashtext(${tenant}), hashtext(${model.key}))`.execute(
        trx,
      );
      // 2. Unchanged XML: keep the current version. The installation's files are compared
      //    with the installation's latest version, so a start after an administrator deployed
      //    a version of their own does not put the fixture back on top of it.
      const latest = await trx
        .selectFrom('process_definitions')
        .selectAll()
        .where('tenant', '=', tenant)
        .where('key', '=', model.key)
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!options.alwaysNewVersion) {
        const installed =
          options.deployedBy == null
            ? await trx
                .selectFrom('process_definitions')
                .selectAll()
                .where('tenant', '=', tenant)
                .where('key', '=', model.key)
                .where('deployed_by', 'is', null)
                .orderBy('version', 'desc')
                .limit(1)
                .executeTakeFirst()
            : latest;
        if (installed?.xml === xml) return { ...toProcessDefinition(installed), warnings };
      }
      // 3. Otherwise store what comes with it, insert the next version and pin its forms.
      await options.beforeInsert?.(trx);
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
          deployed_by: options.deployedBy ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await pinProcessForms(trx, tenant, row.id, model);
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

  /**
   * The latest live (not retired) version of every process key of the tenant (the
   * start-process list); a key whose every version is retired is not listed.
   */
  async listDefinitions(tenant: string): Promise<ProcessDefinition[]> {
    const rows = await this.context.db
      .selectFrom('process_definitions')
      .selectAll()
      .distinctOn('key')
      .where('tenant', '=', tenant)
      .where('retired_at', 'is', null)
      .orderBy('key')
      .orderBy('version', 'desc')
      .execute();
    return rows.map(toProcessDefinition).sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * Retires a version: new starts (by key, by id, by a call activity or a message) never
   * take it again; its running instances finish on it. Retiring a retired version changes
   * nothing. Answers the version and how many live versions its key has left.
   */
  async retire(
    tenant: string,
    definitionId: string,
    retiredBy: string,
  ): Promise<{ definition: ProcessDefinition; liveVersions: number }> {
    return this.context.inTransaction(async (trx) => {
      const row = await this.context.definitionRow(trx, tenant, definitionId);
      await sql`select pg_advisory_xact_lock(hashtext(${tenant}), hashtext(${row.key}))`.execute(
        trx,
      );
      if (row.retired_at === null) {
        await trx
          .updateTable('process_definitions')
          .set({ retired_at: this.context.clock(), retired_by: retiredBy })
          .where('tenant', '=', tenant)
          .where('id', '=', definitionId)
          .execute();
      }
      const live = await trx
        .selectFrom('process_definitions')
        .select(({ fn }) => fn.countAll<number>().as('count'))
        .where('tenant', '=', tenant)
        .where('key', '=', row.key)
        .where('retired_at', 'is', null)
        .executeTakeFirstOrThrow();
      return { definition: toProcessDefinition(row), liveVersions: Number(live.count) };
    });
  }

  /** One definition version by id. */
  async getDefinition(tenant: string, definitionId: string): Promise<ProcessDefinition> {
    return toProcessDefinition(
      await this.context.definitionRow(this.context.db, tenant, definitionId),
    );
  }
}
