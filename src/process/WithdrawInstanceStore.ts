import { makeAutoObservable, runInAction } from 'mobx';
import { BadRequestError, ConflictError, NotFoundError } from '../api/errors';
import { WITHDRAW_REASON_MAX, withdrawProcessInstance } from '../api/processesApi';
import { reportFailure } from '../stores/reportFailure';
import type { ToastStore } from '../stores/ToastStore';
import { SavingStatus } from '../stores/statuses';

/** What is wrong with a withdrawal's reason, as its translation key's last part. */
export const WithdrawReasonProblem = { required: 'required', tooLong: 'tooLong' } as const;
/** One of `WithdrawReasonProblem`. */
export type WithdrawReasonProblem =
  (typeof WithdrawReasonProblem)[keyof typeof WithdrawReasonProblem];

/** Characters of a reason as the server counts them: trimmed, by code point. */
export function reasonLength(reason: string): number {
  return [...reason.trim()].length;
}

/** The problem of a reason, or null when the server will take it. */
export function reasonProblem(reason: string): WithdrawReasonProblem | null {
  const length = reasonLength(reason);
  if (length === 0) return WithdrawReasonProblem.required;
  return length > WITHDRAW_REASON_MAX ? WithdrawReasonProblem.tooLong : null;
}

/** What the withdrawal needs from the instance page. */
export interface WithdrawInstanceDeps {
  /** Where results and failures go. */
  readonly toasts: ToastStore;
  /** Reloads the instance after a withdrawal (or a refusal that changed what it offers). */
  readonly reload: (instanceId: string) => Promise<void>;
}

/**
 * Withdrawing a process instance from its page: the confirmation asks for a reason (required,
 * at most {@link WITHDRAW_REASON_MAX} characters, checked before sending and again by the
 * server), sends it, and once the instance has been read again as withdrawn the dialog
 * closes and a success is announced. A refusal the page could not foresee (someone acted on
 * the case meanwhile, it ended) is said and the page is read again.
 */
export class WithdrawInstanceStore {
  /** Whether the confirmation is open. */
  isOpen = false;
  /** The reason as typed. */
  reason = '';
  /** What is wrong with the reason, shown once the user tried to confirm. */
  problem: WithdrawReasonProblem | null = null;
  /** Where the withdrawal stands. */
  status: SavingStatus = SavingStatus.unknown;
  /** How many confirmations were refused for their reason; the dialog then leads to it. */
  refusedConfirmations = 0;

  private readonly deps: WithdrawInstanceDeps;

  constructor(deps: WithdrawInstanceDeps) {
    this.deps = deps;
    makeAutoObservable<WithdrawInstanceStore, 'deps'>(this, { deps: false });
  }

  /** Characters used, for the counter. */
  get length(): number {
    return reasonLength(this.reason);
  }

  /** Whether the withdrawal is under way. */
  get busy(): boolean {
    return this.status === SavingStatus.saving;
  }

  /** Opens the confirmation with an empty reason. */
  open(): void {
    this.isOpen = true;
    this.reason = '';
    this.problem = null;
    this.status = SavingStatus.unknown;
    this.refusedConfirmations = 0;
  }

  /** Closes it, unless the withdrawal is under way. */
  cancel(): void {
    if (this.busy) return;
    this.isOpen = false;
  }

  /** Takes the typed reason; a shown problem goes as soon as the reason is fine. */
  setReason(reason: string): void {
    this.reason = reason;
    if (this.problem !== null) this.problem = reasonProblem(reason);
  }

  /** Checks the reason and withdraws the instance; answers whether it was withdrawn. */
  async confirm(instanceId: string): Promise<boolean> {
    if (this.busy) return false;
    const problem = reasonProblem(this.reason);
    this.problem = problem;
    if (problem !== null) {
      this.refusedConfirmations += 1;
      return false;
    }
    this.status = SavingStatus.saving;
    try {
      await withdrawProcessInstance(instanceId, this.reason.trim());
      // The page shows the withdrawal before the dialog closes, so focus lands on it.
      await this.deps.reload(instanceId);
      runInAction(() => {
        this.status = SavingStatus.success;
        this.isOpen = false;
      });
      this.deps.toasts.showSuccess('process.withdraw.success');
      return true;
    } catch (error) {
      runInAction(() => {
        this.status = SavingStatus.error;
      });
      if (error instanceof BadRequestError) {
        runInAction(() => {
          this.problem = error.details.some((detail) => detail.code === 'maxLength')
            ? WithdrawReasonProblem.tooLong
            : WithdrawReasonProblem.required;
          this.refusedConfirmations += 1;
        });
        return false;
      }
      runInAction(() => {
        this.isOpen = false;
      });
      if (error instanceof ConflictError) this.deps.toasts.showError('process.withdraw.conflict');
      else if (error instanceof NotFoundError) this.deps.toasts.showError('errors.NOT_FOUND');
      else reportFailure(this.deps.toasts, error);
      // What the page offers may have changed (a colleague claimed a task meanwhile).
      await this.deps.reload(instanceId);
      return false;
    }
  }
}
