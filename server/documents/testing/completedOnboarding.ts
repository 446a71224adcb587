import type { TestServer } from '../../testing/startTestServer';

/** What the finished onboarding holds, for a test to look for in its documents. */
export interface CompletedOnboarding {
  instanceId: string;
  customerName: string;
  riskRating: string;
}

/**
 * Runs a demo customer onboarding (report type CUSTOMER) to its end through the engine, as
 * the demo's finished cases are: `starter` captures the customer, cdubois reviews.
 */
export async function completeOnboarding(
  server: TestServer,
  starter = 'aokafor',
  customerName = 'Ana Souza',
  tenant = 'internal',
): Promise<CompletedOnboarding> {
  const { engine } = server.app;
  const riskRating = 'Low';
  const instance = await engine.startProcess(tenant, {
    key: 'customerOnboarding',
    startedBy: starter,
    variables: {},
  });
  const work = async (elementId: string, userId: string, variables: Record<string, string>) => {
    const open = await engine.listInstanceTasks(tenant, instance.id, { completed: false });
    const task = open.find((candidate) => candidate.elementId === elementId);
    if (!task) throw new Error(`The onboarding expected ${elementId} to be open.`);
    if (task.assignee !== userId) await engine.claimTask(tenant, task.id, userId);
    await engine.completeTask(tenant, task.id, { userId, variables });
  };
  await work('kycCapture', starter, { fullName: customerName });
  await work('complianceReview', tenant === 'internal' ? 'cdubois' : starter, { riskRating });
  return { instanceId: instance.id, customerName, riskRating };
}
