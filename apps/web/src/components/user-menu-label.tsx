import { Avatar } from './avatar';

/** What an account's menu button shows: the avatar and the full name (the name alone names the button). */
export function UserMenuLabel({ name, lastName }: { name: string; lastName: string }) {
  return (
    <span className="d-inline-flex align-items-center gap-2">
      <Avatar name={name} lastName={lastName} />
      <span className="user-menu-name">{`${name} ${lastName}`.trim()}</span>
    </span>
  );
}
