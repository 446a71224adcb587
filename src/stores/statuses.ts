/** Where a remote read stands (spec 000 section 3, "remote loading status"). */
export const RemoteLoadingStatus = {
  unknown: 'unknown',
  loading: 'loading',
  partiallyLoaded: 'partiallyLoaded',
  fullyLoaded: 'fullyLoaded',
  loadingFailed: 'loadingFailed',
} as const;
/** One of `RemoteLoadingStatus`. */
export type RemoteLoadingStatus = (typeof RemoteLoadingStatus)[keyof typeof RemoteLoadingStatus];

/** Where a write stands (spec 000 section 3, "saving status"). */
export const SavingStatus = {
  unknown: 'unknown',
  saving: 'saving',
  success: 'success',
  error: 'error',
} as const;
/** One of `SavingStatus`. */
export type SavingStatus = (typeof SavingStatus)[keyof typeof SavingStatus];
