import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll } from 'vitest';
import type { ProcessInstance, Task } from '../../server/engine';
import {
  createEngineTestContext,
  type EngineTestContext,
} from '../../server/engine/testing/createEngineTestContext';

/** The tenant every conformance test runs in. */
export const TENANT = 'acme';

const fixtures = new URL('../../fixtures/bpmn-conformance/', import.meta.url);

/** Reads one BPMN file of `fixtures/bpmn-conformance/`. */
export function conformanceFixture(name: string): Promise<string> {
  return readFile(new URL(name, fixtures), 'utf8');
}

/** An engine over a fresh database for one test file, with helpers for task-by-task runs. */
export interface ConformanceKit {
  readonly context: EngineTestContext;
  /** Deploys fixture files in order; answers the last definition's key. */
  deploy(...files: string[]): Promise<void>;
  /** The open tasks of an instance, in creation order. */
  openTasks(instanceId: string): Promise<Task[]>;
  /** Completes the one open task at `elementId` as its assignee. */
  complete(
    instanceId: string,
    elementId: string,
    variables?: Record<string, unknown>,
  ): Promise<ProcessInstance>;
  /** The engine's view of an instance now. */
  instance(instanceId: string): Promise<ProcessInstance>;
  /** How many history events of a kind the instance has. */
  historyCount(instanceId: string, event: string): Promise<number>;
}

/** Sets up (and tears down) a conformance kit around the tests of one file. */
export function useConformanceKit(start = new Date('2026-03-02T09:00:00.000Z')): ConformanceKit {
  let context: EngineTestContext | undefined;
  beforeAll(async () => {
    context = await createEngineTestContext(start);
    await context.seed(
      ['clerk', 'risk', 'manager', 'compliance', 'reviewer'].map((id) => ({ id, tenant: TENANT })),
    );
  });
  afterAll(async () => {
    await context?.close();
  });
  const ready = (): EngineTestContext => {
    if (context === undefined) throw new Error('the kit is used outside a test');
    return context;
  };
  const kit: ConformanceKit = {
    get context() {
      return ready();
    },
    async deploy(...files) {
      for (const file of files) await ready().engine.deploy(TENANT, await conformanceFixture(file));
    },
    openTasks: (instanceId) =>
      ready().engine.listInstanceTasks(TENANT, instanceId, { completed: false }),
    async complete(instanceId, elementId, variables = {}) {
      const open = await kit.openTasks(instanceId);
      const matching = open.filter((task) => task.elementId === elementId);
      const [task] = matching;
      if (task === undefined || matching.length > 1) {
        throw new Error(`expected one open '${elementId}' task, found ${matching.length}`);
      }
      const done = await ready().engine.completeTask(TENANT, task.id, {
        userId: task.assignee ?? '',
        variables: variables as never,
      });
      return done.instance;
    },
    instance: (instanceId) => ready().engine.getInstance(TENANT, instanceId),
    async historyCount(instanceId, event) {
      const rows = await ready()
        .db.selectFrom('process_history')
        .select('id')
        .where('tenant', '=', TENANT)
        .where('instance_id', '=', instanceId)
        .where('event', '=', event)
        .execute();
      return rows.length;
    },
  };
  return kit;
}
