/** base64url without padding (RFC 4648 section 5). */
function base64Url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A random base64url string of `byteCount` random bytes. */
export function randomToken(byteCount = 32): string {
  const bytes = new Uint8Array(byteCount);
  crypto.getRandomValues(bytes);
  return base64Url(bytes);
}

/** A PKCE verifier and its S256 challenge (RFC 7636 section 4). */
export interface PkcePair {
  verifier: string;
  challenge: string;
}

/** Makes a PKCE pair: 32 random bytes as the verifier, its SHA-256 as the challenge. */
export async function createPkcePair(): Promise<PkcePair> {
  const verifier = randomToken(32);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64Url(new Uint8Array(digest)) };
}
