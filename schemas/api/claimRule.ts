// Who may claim a task (spec 000 section 4), as data both sides build on: the server turns
// each ground into SQL (server/engine/claimRule.ts), the client reads it from a task's
// row facts. No schema library here, so the client's start-up chunk stays small.
import { TaskStatus } from './tasksConstants';

/**
 * The grounds on which a user may claim an open, unassigned task: they are one of its
 * candidate users, they belong to one of its candidate groups, or they started its process
 * instance and the task lets its initiator complete it.
 */
export const ClaimGround = {
  candidateUser: 'candidateUser',
  candidateGroup: 'candidateGroup',
  initiator: 'initiator',
} as const;
/** One of `ClaimGround`. */
export type ClaimGround = (typeof ClaimGround)[keyof typeof ClaimGround];

/** Every ground, in the order the rule tries them. */
export const CLAIM_GROUNDS: readonly ClaimGround[] = Object.values(ClaimGround);

/** What a task row or task detail tells about a task for the claim rule. */
export interface ClaimFacts {
  /** The current assignee, null when the task is in the pool. */
  readonly assignee: string | null;
  /** Open or completed. */
  readonly taskStatus: TaskStatus;
  /** The asking user is one of the task's candidate users. */
  readonly memberOfCandidateUsers: boolean;
  /** The asking user belongs to one of the task's candidate groups. */
  readonly memberOfCandidateGroup: boolean;
  /** The task's initiator may complete (and so claim) it. */
  readonly initiatorCanCompleteTask: boolean;
  /** Who started the task's process instance. */
  readonly processInstanceStartUserId: string;
}

/** Whether each ground holds for `userId`, read from the facts the server answered. */
const GROUND_HOLDS: Record<ClaimGround, (facts: ClaimFacts, userId: string) => boolean> = {
  candidateUser: (facts) => facts.memberOfCandidateUsers,
  candidateGroup: (facts) => facts.memberOfCandidateGroup,
  initiator: (facts, userId) =>
    facts.initiatorCanCompleteTask && facts.processInstanceStartUserId === userId,
};

/**
 * Whether `userId` may claim the task: it is open, nobody has it, and one of the
 * {@link CLAIM_GROUNDS} holds. The server's SQL rule answers the same for the same task.
 */
export function isClaimable(facts: ClaimFacts, userId: string): boolean {
  if (facts.taskStatus !== TaskStatus.open || facts.assignee !== null) return false;
  return CLAIM_GROUNDS.some((ground) => GROUND_HOLDS[ground](facts, userId));
}
