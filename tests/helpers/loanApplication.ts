import type { ProcessInstance, Task } from '../../server/engine/processEngineTypes';
import { openTaskOf, VALID_APPLICATION } from '../../server/forms/testing/formTestKit';
import type { TestServer } from '../../server/testing/startTestServer';

/** A loan application just started: its instance and its first, open task. */
export interface StartedLoanApplication {
  instance: ProcessInstance;
  /** The initiator's task on the designer form `DSG-loan-application`. */
  task: Task;
}

/**
 * Starts the demo's loan application for `startedBy` in the internal tenant, as the start
 * drawer does, and returns its first task, which is the initiator's.
 */
export async function startLoanApplication(
  server: TestServer,
  startedBy: string,
  applicantName: string,
): Promise<StartedLoanApplication> {
  const instance = await server.app.engine.startProcess('internal', {
    key: 'loanApplication',
    startedBy,
    variables: { applicantName },
  });
  return { instance, task: await openTaskOf(server, instance.id) };
}

/**
 * A loan review (the combined CUT- task) claimed by `userId`: the application is started,
 * its first task completed with a valid application, and the review that follows claimed.
 */
export async function startLoanReview(
  server: TestServer,
  userId: string,
  applicantName: string,
): Promise<Task> {
  const { instance, task } = await startLoanApplication(server, userId, applicantName);
  await server.app.engine.completeTask('internal', task.id, {
    userId,
    variables: VALID_APPLICATION,
  });
  const review = await openTaskOf(server, instance.id);
  await server.app.engine.claimTask('internal', review.id, userId);
  return review;
}
