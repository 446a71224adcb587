import { avatarColor, avatarInitial } from './avatarColor';

/** Props of {@link Avatar}. */
export interface AvatarProps {
  /** The person's name; its initial is shown and chooses the colour. */
  name: string;
  /** Diameter in pixels. */
  size?: number;
}

/** A round avatar with the person's initial, coloured from the six-colour palette. */
export function Avatar({ name, size = 32 }: AvatarProps) {
  return (
    <span
      className="tessera-avatar"
      aria-hidden
      style={{
        width: size,
        height: size,
        fontSize: Math.round(size * 0.42),
        backgroundColor: avatarColor(name),
      }}
    >
      {avatarInitial(name)}
    </span>
  );
}
