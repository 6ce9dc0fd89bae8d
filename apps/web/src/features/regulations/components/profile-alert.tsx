import type { Panel } from '@concejo/contracts';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useResendVerification } from '../../../components/email-verification/use-resend-verification';

/** The profile-incomplete alert of spec 2.5.1: the e-mail is not verified yet. */
export function ProfileAlert({ panel }: { panel: Panel }) {
  const verification = useResendVerification();

  return (
    <Alert variant="warning" className="d-flex flex-wrap align-items-center gap-2">
      <span className="me-auto">Tu perfil está incompleto: todavía no verificaste tu email.</span>
      <Link className="btn btn-sm btn-outline-dark" to={paths.panel.profile.getHref(panel)}>
        Ver perfil
      </Link>
      <Button size="sm" variant="dark" onClick={verification.resend} disabled={verification.isPending}>
        Reenviar email de verificación
      </Button>
    </Alert>
  );
}
