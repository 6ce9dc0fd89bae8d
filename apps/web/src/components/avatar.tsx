import { AVATAR_BACKGROUND, AVATAR_TEXT, initialsOf } from '../lib/initials';

type AvatarProps = {
  name: string;
  lastName: string;
  size?: number;
  /** Accessible name; without it the avatar is decorative (e.g. next to the visible name in a button). */
  label?: string;
};

/** The initials on a gold circle, drawn here: no visitor's name goes to an outside avatar service. */
export function Avatar({ name, lastName, size = 32, label }: AvatarProps) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  return (
    <svg className="avatar" width={size} height={size} viewBox="0 0 40 40" focusable="false" {...a11y}>
      <circle cx="20" cy="20" r="20" fill={AVATAR_BACKGROUND} />
      <text
        x="20"
        y="20"
        dy="0.35em"
        textAnchor="middle"
        fill={AVATAR_TEXT}
        fontSize="16"
        fontWeight="700"
        fontFamily="system-ui, sans-serif"
      >
        {initialsOf(name, lastName)}
      </text>
    </svg>
  );
}
