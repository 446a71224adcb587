/** Where starting a process stands (spec 000 section 3, "create-process status"). */
export const CreateProcessStatus = {
  unknown: 'unknown',
  pending: 'pending',
  success: 'success',
  error: 'error',
} as const;
/** One of `CreateProcessStatus`. */
export type CreateProcessStatus = (typeof CreateProcessStatus)[keyof typeof CreateProcessStatus];
