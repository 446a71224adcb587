/**
 * True when `email` is an account of the identity provider's `domain`: the part after its
 * last `@` is that domain exactly (case aside). Not a suffix or a substring match, so
 * `x@tessera.example.evil.test` and `x@eviltessera.example` are foreign to `tessera.example`;
 * and no domain configured means no account qualifies.
 */
export function isProviderAccount(email: string, domain: string | undefined): boolean {
  if (!domain) return false;
  const at = email.lastIndexOf('@');
  if (at <= 0) return false;
  return email.slice(at + 1).toLowerCase() === domain.toLowerCase();
}
