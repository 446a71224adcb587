import type { LightMyRequestResponse } from 'fastify';
import { identityClient, type IdentityClient } from '../../../tests/integration/identityClient';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import type { ProcessEngine, Task } from '../../engine';
import { storeFormDefinition } from '../../forms/seedFormDefinitions';
import type { TestServer } from '../../testing/startTestServer';

/**
 * Two small processes for task tests: one user task whose name, assignee, candidates and
 * due date all come from start variables, so a test can make any task it needs through
 * the real engine. `kitAlpha` ("Alpha review") lets the initiator complete its task,
 * `kitZulu` ("Zulu intake") does not.
 */
export const KIT_PROCESSES = {
  alpha: { key: 'kitAlpha', name: 'Alpha review', initiatorCanComplete: true },
  zulu: { key: 'kitZulu', name: 'Zulu intake', initiatorCanComplete: false },
} as const;

/** Which kit process a task belongs to. */
export type KitProcess = keyof typeof KIT_PROCESSES;

function kitBpmn(process: (typeof KIT_PROCESSES)[KitProcess]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="kit" targetNamespace="kit">
  <process id="${process.key}" name="${process.name}" isExecutable="true">
    <extensionElements>
      <camunda:properties>
        <camunda:property name="initiatorCanCompleteTask" value="${process.initiatorCanComplete}" />
      </camunda:properties>
    </extensionElements>
    <startEvent id="start" camunda:initiator="initiator" />
    <sequenceFlow id="toWork" sourceRef="start" targetRef="work" />
    <userTask id="work" name="\${taskName}" camunda:formKey="kit-form"
      camunda:assignee="\${assignee}" camunda:candidateUsers="\${candidateUsers}"
      camunda:candidateGroups="\${candidateGroups}" camunda:dueDate="\${dueDate}" />
    <sequenceFlow id="toFollowUp" sourceRef="work" targetRef="followUp" />
    <userTask id="followUp" name="Follow up \${taskName}" camunda:assignee="\${initiator}" />
    <sequenceFlow id="toEnd" sourceRef="followUp" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;
}

/**
 * The kit task's form: an optional amount and note, and two submitting outcomes kept in
 * `kitDecision`, so completions go through the real form check.
 */
export const KIT_FORM = {
  id: 'kit-form',
  key: 'kit-form',
  name: 'Kit form',
  fields: [
    { id: 'amount', name: 'Amount', type: 'integer', required: false },
    { id: 'note', name: 'Note', type: 'text', required: false },
  ],
  outcomes: [
    { id: 'approve', name: 'approve' },
    { id: 'reject', name: 'reject' },
  ],
  outcomeVariableName: 'kitDecision',
};

/** Deploys the kit processes and stores the kit form for a tenant. */
export async function deployKit(server: TestServer, tenant = 'internal'): Promise<void> {
  await deployKitOn(server.database.db, server.app.engine, tenant);
}

/** {@link deployKit} on a database and engine of one's own (a server started as a process). */
export async function deployKitOn(
  db: Kysely<DatabaseSchema>,
  engine: ProcessEngine,
  tenant = 'internal',
): Promise<void> {
  for (const process of Object.values(KIT_PROCESSES)) {
    await engine.deploy(tenant, kitBpmn(process));
  }
  await storeFormDefinition(db, { tenant, id: KIT_FORM.key, kind: 'plain', definition: KIT_FORM });
}

/** What a kit task looks like; everything but the name is optional. */
export interface KitTask {
  name: string;
  process?: KitProcess;
  tenant?: string;
  startedBy?: string;
  assignee?: string;
  candidateUsers?: string[];
  candidateGroups?: string[];
  /** An ISO date-time. */
  dueDate?: string | null;
  /** Overrides the creation time (for create-time sorting). */
  createdAt?: string;
  /** The assignee has opened it. */
  seen?: boolean;
}

/** Starts a kit instance and returns its open task, adjusted as asked. */
export async function makeTask(server: TestServer, spec: KitTask): Promise<Task> {
  const tenant = spec.tenant ?? 'internal';
  const { key } = KIT_PROCESSES[spec.process ?? 'alpha'];
  const instance = await server.app.engine.startProcess(tenant, {
    key,
    startedBy: spec.startedBy ?? 'pnair',
    variables: {
      taskName: spec.name,
      assignee: spec.assignee ?? '',
      candidateUsers: (spec.candidateUsers ?? []).join(','),
      candidateGroups: (spec.candidateGroups ?? []).join(','),
      dueDate: spec.dueDate ?? '',
    },
  });
  const [task] = await server.app.engine.listInstanceTasks(tenant, instance.id, {
    completed: false,
  });
  if (!task) throw new Error('The kit process did not stop at its user task.');
  const db = server.database.db;
  if (spec.createdAt !== undefined) {
    await db
      .updateTable('tasks')
      .set({ created_at: spec.createdAt })
      .where('id', '=', task.id)
      .execute();
  }
  if (spec.seen) {
    await db
      .updateTable('tasks')
      .set({ seen_by_assignee: true })
      .where('id', '=', task.id)
      .execute();
  }
  return task;
}

/** Removes every process instance of a tenant, so a test starts from an empty dashboard. */
export async function clearInstances(server: TestServer, tenant = 'internal'): Promise<void> {
  await server.database.db.deleteFrom('process_instances').where('tenant', '=', tenant).execute();
}

/** A signed-in client of a demo user. */
export async function signIn(
  server: TestServer,
  email: string,
  tenant = 'internal',
): Promise<IdentityClient> {
  const client = identityClient(server, tenant);
  const response = await client.login(email);
  if (response.statusCode >= 400) {
    throw new Error(`Sign-in of ${email} failed with ${response.statusCode}: ${response.body}`);
  }
  return client;
}

/** The demo accounts the task tests use, by user id. */
export const EMAIL = {
  mgarcia: 'maria.garcia@tessera.example',
  lmartin: 'lucas.martin@tessera.example',
  aokafor: 'amara.okafor@tessera.example',
  jmorales: 'javier.morales@tessera.example',
  cdubois: 'claire.dubois@tessera.example',
  pnair: 'priya.nair@tessera.example',
  evidal: 'elena.vidal@tessera.example',
  asouza: 'ana.souza@acme.example',
} as const;

/** Sends a JSON call and returns the response; `body` is JSON. */
export function call(
  client: IdentityClient,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  return client.request({ method, url, ...(body === undefined ? {} : { body }) });
}

/**
 * Midnight UTC of the day this test file started on: "today" for the whole file, so a test
 * running across midnight keeps the day its tasks were made for.
 */
const TEST_DAY_START = (() => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
})();

/** Midnight UTC of a day `offset` days from the test's today, plus `hours`, as an ISO string. */
export function dayFromToday(offset: number, hours = 12): string {
  return new Date(TEST_DAY_START + offset * 86_400_000 + hours * 3_600_000).toISOString();
}

/**
 * A clock held at noon of the test's today, for a server whose task lists must cut their
 * windows (overdue, today, this week) from the same day as {@link dayFromToday}'s dates.
 */
export function testDayClock(): Date {
  return new Date(TEST_DAY_START + 12 * 3_600_000);
}
