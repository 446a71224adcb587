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
 * A loan review (the combined CUT- task) claimed by `userId`: a colleague starts the
 * application and completes its first task with a valid application (four eyes: the
 * process keeps whoever started or filled it from the review), and `userId` claims the
 * review that follows.
 */
export async function startLoanReview(
  server: TestServer,
  userId: string,
  applicantName: string,
): Promise<Task> {
  const colleague = userId === 'jmorales' ? 'lmartin' : 'jmorales';
  const { instance, task } = await startLoanApplication(server, colleague, applicantName);
  await server.app.engine.completeTask('internal', task.id, {
    userId: colleague,
    variables: VALID_APPLICATION,
  });
  const review = await openTaskOf(server, instance.id);
  await server.app.engine.claimTask('internal', review.id, userId);
  return review;
}
