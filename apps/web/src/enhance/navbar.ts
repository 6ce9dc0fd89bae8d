import { API_PATHS, PANEL_BY_ROLE } from '@concejo/contracts';
import { apiClient } from '../lib/api-client';
import { AVATAR_BACKGROUND, AVATAR_TEXT, initialsOf } from '../lib/initials';
import { paths } from '../lib/paths';
import { clearSession, getSession, subscribeToSession, type Session } from '../lib/session';
import { element } from './dom';
import { all, listen, type Enhancer } from './enhancer';

const SVG = 'http://www.w3.org/2000/svg';

/** The initials on a gold circle, as components/avatar.tsx draws them (decorative beside the name). */
function avatar(session: Session): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  for (const [name, value] of Object.entries({ class: 'avatar', width: '32', height: '32', viewBox: '0 0 40 40', focusable: 'false', 'aria-hidden': 'true' })) svg.setAttribute(name, value);
  const circle = document.createElementNS(SVG, 'circle');
  for (const [name, value] of Object.entries({ cx: '20', cy: '20', r: '20', fill: AVATAR_BACKGROUND })) circle.setAttribute(name, value);
  const text = document.createElementNS(SVG, 'text');
  const textAttributes = { x: '20', y: '20', dy: '0.35em', 'text-anchor': 'middle', fill: AVATAR_TEXT, 'font-size': '16', 'font-weight': '700', 'font-family': 'system-ui, sans-serif' };
  for (const [name, value] of Object.entries(textAttributes)) text.setAttribute(name, value);
  text.textContent = initialsOf(session.userName, session.userLastName);
  svg.append(circle, text);
  return svg;
}

/** Logs out (the server forgets this device's token) and goes to /login, whatever the server answers. */
async function logOut(): Promise<void> {
  try {
    await apiClient.post(API_PATHS.logout);
  } catch {
    // A 401 means the token was already dead; a failure must never trap anyone in a session.
  }
  clearSession();
  window.location.assign(paths.login.getHref());
}

/**
 * A citizen account (role user) has no panel: a menu with the profile and logout (spec 2.4), in
 * Bootstrap's dropdown markup, opened by click, Enter or the arrow keys, closed by Escape or a click
 * elsewhere.
 */
function citizenMenu(session: Session): { menu: HTMLElement; cleanup: () => void } {
  const name = `${session.userName} ${session.userLastName}`.trim();
  const label = element('span', { class: 'd-inline-flex align-items-center gap-2' }, avatar(session), element('span', { class: 'user-menu-name' }, name));
  const toggle = element('button', { type: 'button', id: 'citizen-menu', class: 'dropdown-toggle btn btn-outline-light user-menu-toggle', 'aria-expanded': 'false', 'aria-haspopup': 'true' }, label);
  const profile = element('a', { class: 'dropdown-item', role: 'menuitem', href: paths.profile.getHref() }, 'Perfil');
  const logout = element('button', { type: 'button', class: 'dropdown-item', role: 'menuitem' }, 'Cerrar Sesión');
  // Light menu under the dark bar: its own theme, not the bar's.
  const list = element('div', { class: 'dropdown-menu dropdown-menu-end', role: 'menu', 'data-bs-theme': 'light', 'data-bs-popper': 'static', 'aria-labelledby': 'citizen-menu' }, profile, logout);
  const menu = element('div', { class: 'nav-item dropdown ms-lg-2' }, toggle, list);
  const items = [profile, logout];

  const setOpen = (open: boolean) => {
    list.classList.toggle('show', open);
    toggle.classList.toggle('show', open);
    toggle.setAttribute('aria-expanded', String(open));
  };
  const isOpen = () => list.classList.contains('show');
  const cleanup = all([
    listen(toggle, 'click', () => setOpen(!isOpen())),
    listen(menu, 'keydown', (event) => {
      const index = items.indexOf(document.activeElement as HTMLAnchorElement);
      if (event.key === 'Escape' && isOpen()) {
        setOpen(false);
        toggle.focus();
      } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setOpen(true);
        const step = event.key === 'ArrowDown' ? 1 : -1;
        items[(index + step + items.length) % items.length]!.focus();
      }
    }),
    listen(document, 'click', (event) => {
      if (isOpen() && !menu.contains(event.target as Node)) setOpen(false);
    }),
    listen(logout, 'click', () => {
      logout.disabled = true;
      void logOut();
    }),
  ]);
  return { menu, cleanup };
}

/**
 * The public bar (app/layouts/public-navbar.tsx): the phone's menu button opens and closes the links
 * (a chosen link closes them), and the account's corner follows the session kept in this browser:
 * "Mi panel" for staff, the citizen's menu, or the server's "Acceso a funcionarios" link.
 */
export const enhanceNavbar: Enhancer = (nav) => {
  const toggler = nav.querySelector<HTMLElement>('.navbar-toggler');
  const links = nav.querySelector<HTMLElement>('.navbar-collapse');
  const account = nav.querySelector<HTMLElement>('[data-account-links]');
  const cleanups: (() => void)[] = [];
  if (toggler && links) {
    const setOpen = (open: boolean) => {
      links.classList.toggle('show', open);
      toggler.classList.toggle('collapsed', !open);
      toggler.setAttribute('aria-expanded', String(open));
    };
    // The server's link to the menu (public-navbar.tsx) becomes a disclosure button: Enter and Space
    // toggle it, and the address keeps no #fragment. From now on the script says whether the menu is
    // open, not the address (data-enhanced turns the stylesheet's :target rule off); an address that
    // already points at the menu opens it.
    toggler.setAttribute('role', 'button');
    nav.setAttribute('data-enhanced', '');
    setOpen(links.classList.contains('show') || window.location.hash === `#${links.id}`);
    const toggle = (event: Event) => {
      event.preventDefault();
      setOpen(!links.classList.contains('show'));
    };
    cleanups.push(
      () => {
        toggler.removeAttribute('role');
        toggler.removeAttribute('aria-expanded');
        nav.removeAttribute('data-enhanced');
      },
      listen(toggler, 'click', toggle),
      listen(toggler, 'keydown', (event) => {
        if (event.key === ' ') toggle(event);
      }),
      listen(links, 'click', (event) => {
        if (event.target instanceof Element && event.target.closest('a')) setOpen(false);
      }),
    );
  }
  if (account) {
    const anonymous = [...account.childNodes];
    let menuCleanup = () => {};
    const show = () => {
      menuCleanup();
      menuCleanup = () => {};
      const session = getSession();
      const panel = session?.role ? PANEL_BY_ROLE[session.role] : null;
      if (session && panel) {
        account.replaceChildren(element('a', { class: 'nav-link', href: panel }, 'Mi panel'));
      } else if (session?.role === 'user') {
        const { menu, cleanup } = citizenMenu(session);
        menuCleanup = cleanup;
        account.replaceChildren(menu);
      } else account.replaceChildren(...anonymous);
    };
    show();
    cleanups.push(subscribeToSession(show), () => {
      menuCleanup();
      account.replaceChildren(...anonymous);
    });
  }
  return all(cleanups);
};
