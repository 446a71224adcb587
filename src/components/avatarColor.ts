/** The avatar palette (spec: 6 colours), each dark enough for white initials. */
export const AVATAR_PALETTE = [
  '#1f5f99',
  '#2a7a5e',
  '#8c5a14',
  '#7a4d9c',
  '#a8434a',
  '#3a6877',
] as const;

/** The initial shown in an avatar: the first letter of the name, upper-cased, or '?'. */
export function avatarInitial(name: string): string {
  const letter = Array.from(name.trim())[0];
  return letter ? letter.toLocaleUpperCase() : '?';
}

/** The avatar colour of a name, chosen by its initial so a person keeps one colour. */
export function avatarColor(name: string): string {
  const code = avatarInitial(name).codePointAt(0) ?? 0;
  return AVATAR_PALETTE[code % AVATAR_PALETTE.length] ?? AVATAR_PALETTE[0];
}
