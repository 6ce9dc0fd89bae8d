import { isRole, type LoginResponse, type Role } from '@concejo/contracts';

/** The browser keys of the session, named as spec section 3 lists them (other tools read them too). */
export const SESSION_KEYS = {
  token: 'authToken',
  role: 'role',
  userName: 'userName',
  userLastName: 'userLastName',
  emailVerified: 'email_verified',
  deviceId: 'deviceId',
} as const;

export type Session = {
  token: string;
  /** null when the stored value is not a known role (tampered with, or from an older version). */
  role: Role | null;
  userName: string;
  userLastName: string;
  emailVerified: boolean;
};

// Keys that belong to one login; the device id outlives logouts so the server keeps one token per device.
const LOGIN_KEYS = [
  SESSION_KEYS.token,
  SESSION_KEYS.role,
  SESSION_KEYS.userName,
  SESSION_KEYS.userLastName,
  SESSION_KEYS.emailVerified,
] as const;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be disabled by the browser's privacy settings: then nobody is logged in.
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Nothing sensible to do: the session simply will not survive a reload.
  }
}

function remove(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // See write().
  }
}

const listeners = new Set<() => void>();
let cachedKey: string | null = null;
let cachedSession: Session | null = null;

function notify(): void {
  for (const listener of listeners) listener();
}

/** The stored session, or null when logged out. Returns the same object while nothing changed. */
export function getSession(): Session | null {
  const values = LOGIN_KEYS.map(read);
  const key = JSON.stringify(values);
  if (key === cachedKey) return cachedSession;
  const [token, role, userName, userLastName, emailVerified] = values;
  cachedKey = key;
  cachedSession = token
    ? {
        token,
        role: isRole(role) ? role : null,
        userName: userName ?? '',
        userLastName: userLastName ?? '',
        emailVerified: emailVerified === 'true',
      }
    : null;
  return cachedSession;
}

export function saveSession(login: LoginResponse): void {
  write(SESSION_KEYS.token, login.token);
  write(SESSION_KEYS.role, login.role);
  write(SESSION_KEYS.userName, login.user.name);
  write(SESSION_KEYS.userLastName, login.user.last_name);
  write(SESSION_KEYS.emailVerified, String(login.user.email_verified));
  notify();
}

export function setEmailVerified(verified: boolean): void {
  write(SESSION_KEYS.emailVerified, String(verified));
  notify();
}

/** Forgets the login but keeps the device id. */
export function clearSession(): void {
  for (const key of LOGIN_KEYS) remove(key);
  notify();
}

let ending = false;

/** True from the end of a session until the login page is on screen: guards send to /login, not home. */
export function isSessionEnding(): boolean {
  return ending;
}

/**
 * Ends the session and leaves for the login page. The session is forgotten first (so nothing on
 * screen can use it any more). The flag stays up until the login page has mounted (loginPageReached),
 * not merely until the navigation resolved: the router commits its new page in a transition, and a
 * guard rendering in between must not send the user home instead.
 */
export async function endSession(goToLogin: () => Promise<void> | void): Promise<void> {
  ending = true;
  clearSession();
  try {
    await goToLogin();
  } catch (error) {
    ending = false;
    throw error;
  }
}

/** The login page is on screen: an ending session has arrived where it was going. */
export function loginPageReached(): void {
  ending = false;
}

/** This browser's identifier, created on first use and kept across logouts. */
export function getDeviceId(): string {
  const stored = read(SESSION_KEYS.deviceId);
  if (stored) return stored;
  const created = crypto.randomUUID();
  write(SESSION_KEYS.deviceId, created);
  return created;
}

/** Subscribes to session changes, from this tab and (through the storage event) from the others. */
export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  const handleStorage = (event: StorageEvent) => {
    if (event.key === null || (LOGIN_KEYS as readonly string[]).includes(event.key)) listener();
  };
  window.addEventListener('storage', handleStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', handleStorage);
  };
}

export function fullName(session: Pick<Session, 'userName' | 'userLastName'>): string {
  return `${session.userName} ${session.userLastName}`.trim();
}
