import type { Kysely } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import type {
  CheckedForm,
  DeployAnswer,
  DeployedProcess,
  DeployedVersion,
  DeploymentBody,
  DeploymentCheckAnswer,
  DeploymentProblem,
  RetireAnswer,
} from '../../schemas/api/processDeployments';
import type { FormKind } from '../../schemas/forms';
import {
  listCombinedRefs,
  type CompileError,
  type CompileWarning,
} from '../../src/core/forms/compiler';
import type { DatabaseSchema } from '../db/schema';
import { loadDictionarySet } from '../dictionaries';
import type { DeployError, DeployWarning, FormSource, ProcessEngine } from '../engine';
import { AppError } from '../errors';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../fastify/inputGuard';
import { formRepositoryFor } from '../forms/formRepository';
import { lockFormStore, storeFormDefinition } from '../forms/seedFormDefinitions';
import { checkStorableForm } from '../forms/storedForm';
import type { RequestActor } from '../fastify/session';
import { compileForm } from '../../plugins/compiler';

/** A form file read for a deployment: its id and format, or why it cannot be stored. */
interface ReadForm {
  readonly fileName: string;
  readonly id: string | null;
  readonly kind: FormKind | null;
  readonly definition: Record<string, unknown> | null;
}

/** Everything a check found, with what a deploy then stores. */
interface DeploymentCheck {
  readonly answer: DeploymentCheckAnswer;
  readonly forms: readonly ReadForm[];
}

const NO_PLACE = { elementId: null, elementType: null, attribute: null, path: null } as const;

/**
 * Most XML elements a BPMN file may hold, its diagram included. A large real process with
 * its drawing has a few thousand; the parser's duplicate-id handling grows with the square
 * of the count, so a file of a hundred thousand copies of one element would hold the
 * server for minutes.
 */
export const BPMN_MAX_ELEMENTS = 10_000;

/** Most problems one answer lists; past it, one more problem says how many were left out. */
export const DEPLOYMENT_MAX_PROBLEMS = 200;

/** How many element start tags the XML text has, counted without parsing it. */
function countElements(xml: string): number {
  let count = 0;
  for (let index = xml.indexOf('<'); index !== -1; index = xml.indexOf('<', index + 1)) {
    const next = xml.charCodeAt(index + 1);
    // A letter or an underscore starts an element name; `/`, `!` and `?` do not.
    if ((next >= 65 && next <= 90) || (next >= 97 && next <= 122) || next === 95) count += 1;
  }
  return count;
}

/**
 * Refuses, before any parser runs, what no BPMN or form file needs and hostile input does:
 * a DOCTYPE in the BPMN file (entity declarations can expand a small file without bound)
 * and form files nested deeper than the JSON bodies of every other call may be.
 */
function refuseHostileInput(body: DeploymentBody): void {
  if (/<!DOCTYPE|<!ENTITY/i.test(body.bpmn.content)) {
    throw new AppError(
      400,
      ErrorCode.validation,
      'A BPMN file may not declare a DOCTYPE or entities.',
      {
        details: [{ path: 'body.bpmn.content', code: 'deployment.doctype' }],
      },
    );
  }
  const elements = countElements(body.bpmn.content);
  if (elements > BPMN_MAX_ELEMENTS) {
    throw new AppError(
      400,
      ErrorCode.validation,
      `A BPMN file may hold at most ${BPMN_MAX_ELEMENTS} elements; this one holds ${elements}.`,
      {
        details: [
          {
            path: 'body.bpmn.content',
            code: 'deployment.tooManyElements',
            params: { limit: BPMN_MAX_ELEMENTS },
          },
        ],
      },
    );
  }
  body.forms.forEach((form, index) => {
    if (!nestsDeeperThan(form.content, MAX_JSON_DEPTH)) return;
    throw new AppError(
      400,
      ErrorCode.nestingTooDeep,
      `The form file ${form.fileName} nests deeper than ${MAX_JSON_DEPTH} levels.`,
      {
        details: [
          {
            path: `body.forms.${index}.content`,
            code: 'nestingTooDeep',
            params: { limit: MAX_JSON_DEPTH, fileName: form.fileName },
          },
        ],
      },
    );
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function formProblem(
  severity: DeploymentProblem['severity'],
  fileName: string,
  finding: CompileError | CompileWarning,
): DeploymentProblem {
  return {
    severity,
    source: 'form',
    fileName,
    code: finding.code,
    message: null,
    params: { ...finding.params },
    ...NO_PLACE,
    path: finding.path,
  };
}

function bpmnProblem(
  severity: DeploymentProblem['severity'],
  fileName: string,
  found: DeployError | DeployWarning,
): DeploymentProblem {
  const code = 'code' in found && typeof found.code === 'string' ? found.code : null;
  const variable =
    'variable' in found && typeof found.variable === 'string' ? found.variable : null;
  return {
    severity,
    source: code === null ? 'bpmn' : 'processForms',
    fileName,
    code,
    message: found.message,
    params: variable === null ? {} : { variable },
    elementId: found.elementId,
    elementType: found.elementType,
    attribute: 'attribute' in found ? found.attribute : null,
    path: null,
  };
}

/** The form files read: JSON, their format's schema, an id each, no id twice. */
function readForms(body: DeploymentBody): { forms: ReadForm[]; problems: DeploymentProblem[] } {
  const problems: DeploymentProblem[] = [];
  const seen = new Map<string, string>();
  const forms = body.forms.map((file): ReadForm => {
    const unread = { fileName: file.fileName, id: null, kind: null, definition: null };
    let definition: unknown;
    try {
      definition = JSON.parse(file.content);
    } catch {
      problems.push(
        formProblem('error', file.fileName, { code: 'schema.json', path: '', params: {} }),
      );
      return unread;
    }
    const fallbackId = file.fileName.replace(/\.json$/i, '');
    const checked = checkStorableForm(definition, fallbackId);
    if (!checked.ok || !isRecord(definition)) {
      const errors = checked.ok ? [] : checked.errors;
      for (const error of errors) problems.push(formProblem('error', file.fileName, error));
      return unread;
    }
    const earlier = seen.get(checked.id);
    if (earlier !== undefined) {
      problems.push({
        severity: 'error',
        source: 'form',
        fileName: file.fileName,
        code: 'deployment.duplicateFormId',
        message: null,
        params: { formId: checked.id, other: earlier },
        ...NO_PLACE,
        path: '',
      });
    }
    seen.set(checked.id, file.fileName);
    return { fileName: file.fileName, id: checked.id, kind: checked.kind, definition };
  });
  return { forms, problems };
}

/**
 * Checks a deployment as deploying it would, storing nothing (access-admin): the form
 * files (JSON, their format, then compiled as the form preview compiles them, a combined
 * task's references resolved among the files first, then the tenant's stored forms), and
 * the BPMN file (the parser's refusals and warnings, and the variables the process reads
 * before its forms or handlers write them, against the files' forms). Every problem at
 * once, each with its file and place.
 */
export async function checkDeployment(
  db: Kysely<DatabaseSchema>,
  engine: ProcessEngine,
  tenant: string,
  body: DeploymentBody,
): Promise<DeploymentCheck> {
  refuseHostileInput(body);
  const { forms, problems } = readForms(body);
  const bundled = new Map<string, FormSource>();
  for (const form of forms) {
    if (form.id !== null && form.kind !== null) {
      bundled.set(form.id, { kind: form.kind, definition: form.definition });
    }
  }
  // 1. Each readable form compiled as the preview compiles it.
  const refIds = [...bundled.values()].flatMap((form) =>
    form.kind === 'combined' ? listCombinedRefs(form.definition) : [],
  );
  const [stored, dictionaries] = await Promise.all([
    formRepositoryFor(db).latestOf(
      tenant,
      refIds.filter((id) => !bundled.has(id)),
    ),
    loadDictionarySet(db, tenant),
  ]);
  for (const form of forms) {
    if (form.id === null || form.kind === null) continue;
    const result = compileForm(form.definition, {
      kind: form.kind,
      formId: form.id,
      resolveForm: (ref) => bundled.get(ref)?.definition ?? stored.get(ref)?.definition,
      dictionaries: [...dictionaries.keys()],
    });
    for (const error of result.errors) problems.push(formProblem('error', form.fileName, error));
    for (const warning of result.warnings) {
      problems.push(formProblem('warning', form.fileName, warning));
    }
  }
  // 2. The process, with the forms of the files in place of the stored ones.
  const fileName = body.bpmn.fileName;
  const checked = await engine.checkDefinition(tenant, body.bpmn.content, bundled);
  for (const error of checked.errors) problems.push(bpmnProblem('error', fileName, error));
  for (const warning of checked.warnings) problems.push(bpmnProblem('warning', fileName, warning));
  let nextVersion: number | null = null;
  if (checked.model) {
    const latest = await db
      .selectFrom('process_definitions')
      .select(({ fn }) => fn.max('version').as('version'))
      .where('tenant', '=', tenant)
      .where('key', '=', checked.model.key)
      .executeTakeFirst();
    nextVersion = (latest?.version ?? 0) + 1;
  }
  // Errors first, each group in the order found; a flood is cut, saying how much was left.
  problems.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  const deployable = problems.every((problem) => problem.severity !== 'error');
  if (problems.length > DEPLOYMENT_MAX_PROBLEMS) {
    const left = problems.length - DEPLOYMENT_MAX_PROBLEMS;
    problems.splice(DEPLOYMENT_MAX_PROBLEMS, left, {
      severity: deployable ? 'warning' : 'error',
      source: 'bpmn',
      fileName: body.bpmn.fileName,
      code: 'deployment.moreProblems',
      message: null,
      params: { count: left },
      ...NO_PLACE,
    });
  }
  return {
    forms,
    answer: {
      processKey: checked.model?.key ?? null,
      processName: checked.model?.name ?? null,
      nextVersion,
      forms: forms.map((form): CheckedForm => ({
        fileName: form.fileName,
        formId: form.id,
        kind: form.kind,
      })),
      deployable,
      problems,
    },
  };
}

/**
 * Deploys a BPMN file with its forms (access-admin): refused with 422
 * `DEPLOYMENT_REFUSED` and every problem as `details` when the check finds an error;
 * otherwise, in one transaction, the forms are stored (each as the next version of its
 * id, an unchanged one keeping its version) and the process becomes the next version of
 * its key, pinned to those forms. Answers the new version with its warnings.
 */
export async function deployProcess(
  db: Kysely<DatabaseSchema>,
  engine: ProcessEngine,
  actor: RequestActor,
  body: DeploymentBody,
): Promise<DeployAnswer> {
  const { answer, forms } = await checkDeployment(db, engine, actor.tenant, body);
  if (!answer.deployable) {
    throw new AppError(
      422,
      ErrorCode.deploymentRefused,
      `The deployment was refused: ${answer.problems.filter((p) => p.severity === 'error').length} problem(s).`,
      {
        details: answer.problems.map((problem) => ({
          path: problem.fileName,
          code: problem.code ?? 'deployment.bpmn',
          params: { ...problem },
        })),
      },
    );
  }
  const bundled = new Map<string, FormSource>();
  for (const form of forms) {
    if (form.id !== null && form.kind !== null) {
      bundled.set(form.id, { kind: form.kind, definition: form.definition });
    }
  }
  const deployed = await engine.deploy(actor.tenant, body.bpmn.content, {
    deployedBy: actor.userId,
    alwaysNewVersion: true,
    bundledForms: bundled,
    beforeInsert: async (trx) => {
      // Another deploy or the seed may be storing the same form: one at a time.
      if (forms.length > 0) await lockFormStore(trx);
      for (const form of forms) {
        if (form.id === null || form.kind === null || form.definition === null) continue;
        await storeFormDefinition(trx, {
          tenant: actor.tenant,
          id: form.id,
          kind: form.kind,
          definition: form.definition,
        });
      }
    },
  });
  const [version] = await listVersions(db, actor.tenant, deployed.id);
  if (!version) throw new AppError(500, ErrorCode.internal, 'The deployed version was not found.');
  return {
    data: version,
    warnings: answer.problems.filter((problem) => problem.severity === 'warning'),
  };
}

/** Versions of the tenant (one when `definitionId` is given), with who deployed them and their running instances. */
async function listVersions(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  definitionId?: string,
): Promise<(DeployedVersion & { category: string })[]> {
  let query = db
    .selectFrom('process_definitions as d')
    .leftJoin('users as u', (join) =>
      join.onRef('u.id', '=', 'd.deployed_by').onRef('u.tenant', '=', 'd.tenant'),
    )
    .select(({ selectFrom }) => [
      'd.id',
      'd.key',
      'd.name',
      'd.category',
      'd.version',
      'd.deployed_at',
      'd.deployed_by',
      'd.retired_at',
      'u.first_name',
      'u.last_name',
      selectFrom('process_instances as i')
        .select(({ fn }) => fn.countAll<number>().as('running'))
        .whereRef('i.tenant', '=', 'd.tenant')
        .whereRef('i.definition_id', '=', 'd.id')
        .where('i.ended_at', 'is', null)
        .as('running'),
    ])
    .where('d.tenant', '=', tenant);
  if (definitionId !== undefined) query = query.where('d.id', '=', definitionId);
  const rows = await query.orderBy('d.key').orderBy('d.version', 'desc').execute();
  return rows.map((row) => ({
    id: row.id,
    key: row.key,
    name: row.name,
    category: row.category,
    version: row.version,
    deployedAt: new Date(row.deployed_at).toISOString(),
    // The person's name; their id once they are no longer a user; null for the seed.
    deployedBy:
      row.first_name != null ? `${row.first_name} ${row.last_name ?? ''}`.trim() : row.deployed_by,
    runningInstances: Number(row.running ?? 0),
    retired: row.retired_at !== null,
    retiredAt: row.retired_at === null ? null : new Date(row.retired_at).toISOString(),
  }));
}

/** Every process of the tenant with all its versions, newest first, by name (access-admin). */
export async function listDeployedProcesses(
  db: Kysely<DatabaseSchema>,
  tenant: string,
): Promise<DeployedProcess[]> {
  const byKey = new Map<string, DeployedProcess & { versions: DeployedVersion[] }>();
  for (const { category, ...version } of await listVersions(db, tenant)) {
    let process = byKey.get(version.key);
    if (!process) {
      process = { key: version.key, name: version.name, category, liveVersion: null, versions: [] };
      byKey.set(version.key, process);
    }
    process.versions.push(version);
    if (!version.retired && process.liveVersion === null) process.liveVersion = version.version;
  }
  return [...byKey.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.key.localeCompare(b.key),
  );
}

/**
 * Retires one version of the tenant (another tenant's is a 404): new starts never take it,
 * its running instances finish on it. Answers it and the live versions its key has left.
 */
export async function retireVersion(
  db: Kysely<DatabaseSchema>,
  engine: ProcessEngine,
  actor: RequestActor,
  definitionId: string,
): Promise<RetireAnswer> {
  const { liveVersions } = await engine.retireDefinition(actor.tenant, definitionId, actor.userId);
  const [version] = await listVersions(db, actor.tenant, definitionId);
  if (!version) throw new AppError(404, ErrorCode.notFound, 'No such process version.');
  const { category: _category, ...data } = version;
  return { data, liveVersions };
}
