/** What the sign-in form itself can find wrong (spec 000 section 5, Login). */
export const LoginValidation = {
  requiredEmail: 'requiredEmail',
  invalidEmail: 'invalidEmail',
  requiredPassword: 'requiredPassword',
} as const;
/** One of `LoginValidation`. */
export type LoginValidation = (typeof LoginValidation)[keyof typeof LoginValidation];

// Deliberately loose: one @, something on each side, a dot in the domain and no spaces.
// The server is the judge of which addresses exist; this only catches typing slips.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Whether a string looks like an email address. */
export function looksLikeEmail(value: string): boolean {
  return EMAIL_SHAPE.test(value.trim());
}

/** The first problem of the sign-in form, in the order the fields appear; null when none. */
export function validateLogin(email: string, password: string): LoginValidation | null {
  if (email.trim() === '') return LoginValidation.requiredEmail;
  if (!looksLikeEmail(email)) return LoginValidation.invalidEmail;
  if (password === '') return LoginValidation.requiredPassword;
  return null;
}
