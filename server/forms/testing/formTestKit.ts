import { readFile } from 'node:fs/promises';
import type { Task, Variables } from '../../engine';
import { projectPath } from '../../paths';
import type { TestServer } from '../../testing/startTestServer';
import { storeFormDefinition, type FormToStore } from '../seedFormDefinitions';

/**
 * A one-task process for form tests: its user task names `formKey` (or none) and is
 * assigned to `${assignee}` from the start variables, so a test can put any stored form
 * on a task of any user through the real engine.
 */
function formProcessBpmn(key: string, formKey: string | null): string {
  const form = formKey === null ? '' : ` camunda:formKey="${formKey}"`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="${key}Definitions" targetNamespace="forms">
  <process id="${key}" name="Form test ${key}" isExecutable="true">
    <startEvent id="start" camunda:initiator="initiator" />
    <sequenceFlow id="toWork" sourceRef="start" targetRef="work" />
    <userTask id="work" name="Fill in ${key}"${form} camunda:assignee="\${assignee}" />
    <sequenceFlow id="toEnd" sourceRef="work" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;
}

/** The process key of the one-task process of a formKey (BPMN ids allow no dashes first). */
export function formProcessKey(formKey: string | null): string {
  return `form_${(formKey ?? 'none').replace(/[^A-Za-z0-9_]/g, '_')}`;
}

/** Deploys the one-task processes of these formKeys for a tenant. */
export async function deployFormProcesses(
  server: TestServer,
  formKeys: readonly (string | null)[],
  tenant = 'internal',
): Promise<void> {
  for (const formKey of formKeys) {
    await server.app.engine.deploy(tenant, formProcessBpmn(formProcessKey(formKey), formKey));
  }
}

/** Stores a form definition (tenant `internal` unless given) and deploys its one-task process. */
export async function deployStoredForm(
  server: TestServer,
  form: Omit<FormToStore, 'tenant'> & { readonly tenant?: string },
): Promise<void> {
  const tenant = form.tenant ?? 'internal';
  await storeFormDefinition(server.database.db, { ...form, tenant });
  await deployFormProcesses(server, [form.id], tenant);
}

/** Deploys `fixtures/processes/<file>` for a tenant. */
export async function deployFixtureProcess(
  server: TestServer,
  file: string,
  tenant = 'internal',
): Promise<void> {
  const xml = await readFile(projectPath('fixtures', 'processes', file), 'utf8');
  await server.app.engine.deploy(tenant, xml);
}

/** The first open task of an instance. */
export async function openTaskOf(
  server: TestServer,
  instanceId: string,
  tenant = 'internal',
): Promise<Task> {
  const [task] = await server.app.engine.listInstanceTasks(tenant, instanceId, {
    completed: false,
  });
  if (!task) throw new Error(`Instance ${instanceId} has no open task.`);
  return task;
}

/** What a form task is made of; the form process of `formKey` must be deployed. */
export interface FormTaskSpec {
  formKey: string | null;
  assignee: string;
  tenant?: string;
  startedBy?: string;
  /** Process variables the form reads (read-only fields, formulas). */
  variables?: Variables;
}

/** Starts the one-task process of a formKey and returns its open task. */
export async function makeFormTask(server: TestServer, spec: FormTaskSpec): Promise<Task> {
  const tenant = spec.tenant ?? 'internal';
  const instance = await server.app.engine.startProcess(tenant, {
    key: formProcessKey(spec.formKey),
    startedBy: spec.startedBy ?? spec.assignee,
    variables: { ...(spec.variables ?? {}), assignee: spec.assignee },
  });
  return openTaskOf(server, instance.id, tenant);
}

/** A loan application that meets every rule of `DSG-loan-application`. */
export const VALID_APPLICATION = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '1985-12-10',
  customerId: 'CUS-000123',
  email: 'ada@example.com',
  employmentStatus: 'employed',
  employerName: 'Analytical Engines Ltd',
  loanProduct: 'personal',
  loanAmount: 25000,
  termMonths: 60,
  annualRate: 6,
  purpose: 'A new roof',
  monthlyIncome: 4000,
  otherMonthlyDebt: 200,
  collateralTypes: ['vehicle'],
  hasExistingLoans: false,
  consentCreditCheck: true,
} as const satisfies Variables;

/** The task row as stored now (its draft in `variables`). */
export async function storedTask(server: TestServer, taskId: string, tenant = 'internal') {
  return server.database.db
    .selectFrom('tasks')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('id', '=', taskId)
    .executeTakeFirstOrThrow();
}
