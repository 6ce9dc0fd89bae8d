import { describe, expect, it, vi } from 'vitest';
import { clearSession, getDeviceId, getSession, saveSession, setEmailVerified, subscribeToSession } from './session';

const login = {
  token: 'abc123',
  role: 'concejal' as const,
  user: { name: 'Ana', last_name: 'Rodríguez', email_verified: false },
};

describe('session storage', () => {
  it('stores a login under the exact keys of spec section 3', () => {
    saveSession(login);
    expect({ ...window.localStorage }).toEqual({
      authToken: 'abc123',
      role: 'concejal',
      userName: 'Ana',
      userLastName: 'Rodríguez',
      email_verified: 'false',
    });
    expect(getSession()).toEqual({
      token: 'abc123',
      role: 'concejal',
      userName: 'Ana',
      userLastName: 'Rodríguez',
      emailVerified: false,
    });
  });

  it('keeps the generated deviceId across logouts and forgets everything else', () => {
    const deviceId = getDeviceId();
    expect(deviceId).toMatch(/^[0-9a-f-]{36}$/);
    saveSession(login);
    clearSession();
    expect({ ...window.localStorage }).toEqual({ deviceId });
    expect(getSession()).toBeNull();
    expect(getDeviceId()).toBe(deviceId);
  });

  it('reads no session without a token, and no role from an unknown value', () => {
    window.localStorage.setItem('role', 'admin');
    expect(getSession()).toBeNull();
    window.localStorage.setItem('authToken', 't');
    window.localStorage.setItem('role', 'superadmin');
    expect(getSession()?.role).toBeNull();
  });

  it('marks the e-mail verified and tells subscribers about every change', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);
    saveSession(login);
    setEmailVerified(true);
    expect(window.localStorage.getItem('email_verified')).toBe('true');
    expect(getSession()?.emailVerified).toBe(true);
    clearSession();
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
  });

  it('returns the same snapshot while nothing changed (React relies on it)', () => {
    saveSession(login);
    expect(getSession()).toBe(getSession());
  });
});
