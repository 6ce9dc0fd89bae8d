import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logInAs } from '../test/render-routes';
import { clearSession } from '../lib/session';
import { enhanceNavbar } from './navbar';

/** The public bar as the server renders it (app/layouts/public-navbar.tsx), in short. */
const BAR = `
  <nav aria-label="Navegación principal" data-enhance="navbar">
    <a class="navbar-toggler collapsed" href="#public-navbar-links" aria-controls="public-navbar-links" aria-label="Abrir navegación"></a>
    <div id="public-navbar-links" class="navbar-collapse collapse">
      <a href="/normativas">Normativas</a>
      <div data-account-links><a class="nav-link" href="/login">Acceso a funcionarios</a></div>
    </div>
  </nav>`;

let stop: (() => void) | void;
afterEach(() => stop?.());

function renderBar() {
  document.body.innerHTML = BAR;
  stop = enhanceNavbar(document.querySelector('nav')!);
  return { nav: screen.getByRole('navigation'), user: userEvent.setup() };
}

describe('the public bar', () => {
  it("opens and closes the phone's menu, and a chosen link closes it", async () => {
    const { user } = renderBar();
    // The server's link to the menu is the menu's button once the script runs.
    const toggle = screen.getByRole('button', { name: 'Abrir navegación' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(window.location.hash).toBe('');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('public-navbar-links')).toHaveClass('show');
    document.querySelector<HTMLAnchorElement>('a[href="/normativas"]')!.addEventListener('click', (event) => event.preventDefault());
    await user.click(screen.getByRole('link', { name: 'Normativas' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('public-navbar-links')).not.toHaveClass('show');
    // Space, as for any button.
    toggle.focus();
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens at once on an address that points at the menu (a click that came before the script)', () => {
    window.history.replaceState(null, '', '/#public-navbar-links');
    try {
      renderBar();
      expect(screen.getByRole('button', { name: 'Abrir navegación' })).toHaveAttribute('aria-expanded', 'true');
      expect(document.getElementById('public-navbar-links')).toHaveClass('show');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('gives the link back when it is taken away', () => {
    renderBar();
    stop?.();
    stop = undefined;
    expect(screen.getByRole('link', { name: 'Abrir navegación' })).toHaveAttribute('href', '#public-navbar-links');
  });

  it('keeps the link for visitors without a session', () => {
    const { nav } = renderBar();
    expect(within(nav).getByRole('link', { name: 'Acceso a funcionarios' })).toHaveAttribute('href', '/login');
  });

  it("gives staff their panel's link, and follows a login or a logout in another tab", () => {
    logInAs('cm');
    const { nav } = renderBar();
    expect(within(nav).getByRole('link', { name: 'Mi panel' })).toHaveAttribute('href', '/cm');
    expect(within(nav).queryByRole('link', { name: 'Acceso a funcionarios' })).not.toBeInTheDocument();
    clearSession();
    expect(within(nav).getByRole('link', { name: 'Acceso a funcionarios' })).toBeInTheDocument();
  });

  it("gives a citizen a menu with the profile and logout, by keyboard too; logging out forgets the session whatever the server says", async () => {
    logInAs('user', { name: 'Julia', lastName: 'Pérez' });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 500 })));
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    const { nav, user } = renderBar();
    const toggle = within(nav).getByRole('button', { name: 'Julia Pérez' });
    expect(toggle.querySelector('svg text')).toHaveTextContent('JP');
    toggle.focus();
    await user.keyboard('{ArrowDown}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('menuitem', { name: 'Perfil' })).toHaveFocus();
    expect(within(nav).getByRole('menuitem', { name: 'Perfil' })).toHaveAttribute('href', '/profile');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    await user.click(toggle);
    await user.click(within(nav).getByRole('menuitem', { name: 'Cerrar Sesión' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });
});
