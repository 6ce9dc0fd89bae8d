import type { Panel } from '@concejo/contracts';
import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router';
import { UserMenuLabel } from '../../components/user-menu-label';
import { useResendVerification } from '../../components/email-verification/use-resend-verification';
import { useLogout } from '../../features/auth';
import { paths } from '../../lib/paths';
import type { Session } from '../../lib/session';

/** The account menu of the staff top bar (spec 2.4). */
export function StaffUserMenu({ session, panel }: { session: Session; panel: Panel }) {
  const logout = useLogout();
  const verification = useResendVerification();

  return (
    <Dropdown align="end" data-toast-before>
      <Dropdown.Toggle variant="outline-light" id="staff-user-menu" className="user-menu-toggle">
        <UserMenuLabel name={session.userName} lastName={session.userLastName} />
      </Dropdown.Toggle>
      {/* Light menu under the dark bar: its own theme, not the bar's. */}
      <Dropdown.Menu role="menu" data-bs-theme="light">
        {!session.emailVerified && (
          <Dropdown.Item
            as="button"
            type="button"
            role="menuitem"
            onClick={verification.resend}
            disabled={verification.isPending}
          >
            Verificar Email
          </Dropdown.Item>
        )}
        <Dropdown.Item as={Link} to={paths.panel.profile.getHref(panel)} role="menuitem">
          Ver Perfil
        </Dropdown.Item>
        <Dropdown.Item as={Link} to={paths.home.getHref()} role="menuitem">
          Volver al Home
        </Dropdown.Item>
        <Dropdown.Divider />
        <Dropdown.Item as="button" type="button" role="menuitem" onClick={() => logout.mutate()}>
          Cerrar Sesión
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
