import { useCallback, useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { getSession, setEmailVerified } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLogout } from '../api/logout';

/** Spec section 4: after a successful verification the session ends 3 s later. */
export const VERIFIED_LOGOUT_DELAY_MS = 3000;

/** Where the verification link of the e-mail lands: /verified/success or /verified/<anything else>. */
export function VerifiedPage() {
  const { status } = useParams();
  const success = status === 'success';
  useDocumentTitle(success ? 'Email verificado' : 'Error en la verificación');
  const navigate = useNavigate();
  const { mutate: logout } = useLogout();

  // The stored token predates the verification; a fresh login brings the account's new state.
  const handleEndSession = useCallback(() => {
    if (getSession()) logout();
    else void navigate(paths.login.getHref(), { replace: true });
  }, [logout, navigate]);

  useEffect(() => {
    if (!success) return;
    setEmailVerified(true);
    const timer = window.setTimeout(handleEndSession, VERIFIED_LOGOUT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [success, handleEndSession]);

  if (!success) {
    return (
      <div className="mx-auto py-4 narrow-page">
        <h1 className="h2">Error en la verificación del email</h1>
        <Alert variant="danger" className="mt-3">
          El enlace no es válido o ya venció. Inicie sesión y solicite un nuevo email de verificación desde el menú de
          su cuenta.
        </Alert>
        <Link to={paths.login.getHref()}>Ir a iniciar sesión</Link>
      </div>
    );
  }

  return (
    <div className="mx-auto py-4 narrow-page">
      <h1 className="h2">Email verificado correctamente</h1>
      <Alert variant="success" className="mt-3">
        Por seguridad, vuelva a iniciar sesión. En unos segundos lo llevaremos a la página de ingreso.
      </Alert>
      <Button variant="primary" onClick={handleEndSession}>
        Iniciar sesión ahora
      </Button>
    </div>
  );
}
