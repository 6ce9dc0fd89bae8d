// The three profiles' marks, drawn here (no icon font, no third-party request), 50x50 (spec 9).

type IconProps = { size?: number };

export function InstagramIcon({ size = 50 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 50 50" aria-hidden="true" focusable="false">
      <rect width="50" height="50" rx="12" fill="#c13584" />
      <rect x="12" y="12" width="26" height="26" rx="8" fill="none" stroke="#fff" strokeWidth="3" />
      <circle cx="25" cy="25" r="6.5" fill="none" stroke="#fff" strokeWidth="3" />
      <circle cx="32.5" cy="17.5" r="2" fill="#fff" />
    </svg>
  );
}

export function FacebookIcon({ size = 50 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 50 50" aria-hidden="true" focusable="false">
      <rect width="50" height="50" rx="12" fill="#1877f2" />
      <path d="M27.5 41V27.5h4.6l.7-5.3h-5.3v-3.4c0-1.5.4-2.6 2.6-2.6H33v-4.8c-.5-.1-2.1-.2-4-.2-4 0-6.7 2.4-6.7 6.9v4.1H17.8v5.3h4.5V41z" fill="#fff" />
    </svg>
  );
}

export function YoutubeIcon({ size = 50 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 50 50" aria-hidden="true" focusable="false">
      <rect width="50" height="50" rx="12" fill="#c4302b" />
      <rect x="9" y="14" width="32" height="22" rx="6" fill="#fff" />
      <path d="M22 19.5v11l9-5.5z" fill="#c4302b" />
    </svg>
  );
}
