import Dropdown from 'react-bootstrap/Dropdown';
import Nav from 'react-bootstrap/Nav';
import { Link } from 'react-router';
import { UserMenuLabel } from '../../components/user-menu-label';
import { useLogout } from '../../features/auth';
import { paths } from '../../lib/paths';
import type { Session } from '../../lib/session';

/** A citizen account (role user) has no panel: its menu offers the profile and logout (spec 2.4). */
export function CitizenMenu({ session }: { session: Session }) {
  const logout = useLogout();
  return (
    <Dropdown align="end" as={Nav.Item} className="ms-lg-2">
      <Dropdown.Toggle variant="outline-light" id="citizen-menu" className="user-menu-toggle">
        <UserMenuLabel name={session.userName} lastName={session.userLastName} />
      </Dropdown.Toggle>
      {/* Light menu under the dark bar: its own theme, not the bar's. */}
      <Dropdown.Menu role="menu" data-bs-theme="light">
        <Dropdown.Item as={Link} to={paths.profile.getHref()} role="menuitem">
          Perfil
        </Dropdown.Item>
        <Dropdown.Item as="button" type="button" role="menuitem" onClick={() => logout.mutate()}>
          Cerrar Sesión
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
