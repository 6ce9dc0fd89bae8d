import { ACCOUNT_MESSAGES, refusingCommonPassword, resetPasswordRequestSchema } from '@concejo/contracts';
import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { messageOf } from '../../../components/form/field-error';
import { applyServerErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { NewPasswordFields } from '../../../components/password-field';
import { useToast } from '../../../components/toast/use-toast';
import { paths } from '../../../lib/paths';
import { clearSession } from '../../../lib/session';
import { useDelayed } from '../../../lib/use-delayed';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useHydrated } from '../../../lib/use-hydrated';
import { RECOVERY_TOAST_DELAY_MS, recoveryErrorMessage } from '../account-error';
import { useResetPassword } from '../api/reset-password';

/** Spec 4: after a successful reset the page goes to /login 5 s later. */
export const RESET_REDIRECT_DELAY_MS = 5000;

/** The API's reset rules plus the common-password one, as the form checks them before sending. */
const resetFormSchema = refusingCommonPassword(resetPasswordRequestSchema);

/** Spec 2.1: the reset link carries a token and the e-mail; without either there is nothing to reset. */
export function PasswordResetPage() {
  const { token } = useParams();
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email');
  if (!token || !email) return <Navigate to={paths.login.getHref()} replace />;
  return <PasswordResetForm token={token} email={email} />;
}

function PasswordResetForm({ token, email }: { token: string; email: string }) {
  useDocumentTitle('Restablecer contraseña');
  const hydrated = useHydrated();
  const toast = useToast();
  const navigate = useNavigate();
  const later = useDelayed();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(resetFormSchema, { defaultValues: { token, email, password: '', password_confirmation: '' } });
  const [done, setDone] = useState(false);
  const outcome = useRef<HTMLDivElement>(null);
  // The token and the e-mail come from the link: what is wrong with them is the link's fault.
  const linkError = messageOf(errors.token) || messageOf(errors.email);

  useEffect(() => {
    if (done || linkError) outcome.current?.focus();
  }, [done, linkError]);

  const handleReset = handleSubmit((values) => {
    reset.mutate(values, {
      onSuccess: (answer) => {
        setDone(true);
        // The server ended every session of the account; this browser's one is gone too.
        clearSession();
        toast.success(answer.message);
        later(() => void navigate(paths.login.getHref(), { replace: true }), RESET_REDIRECT_DELAY_MS);
      },
      onError: (error) => {
        applyServerErrors(error, setError, ['token', 'email', 'password', 'password_confirmation']);
        toast.error(recoveryErrorMessage(error, ACCOUNT_MESSAGES.resetError), { delay: RECOVERY_TOAST_DELAY_MS });
      },
    });
  });

  return (
    <div className="auth-page mx-auto py-4">
      <Card className="shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h3 mb-3 text-center">Restablecer contraseña</h1>
          {done ? (
            <Alert ref={outcome} variant="success" tabIndex={-1} role="status">
              <p className="mb-1 fw-semibold">{ACCOUNT_MESSAGES.resetDone}</p>
              <p className="mb-0 small">En unos segundos lo llevaremos a iniciar sesión con su contraseña nueva.</p>
            </Alert>
          ) : (
            <>
              {linkError && (
                <Alert ref={outcome} variant="danger" tabIndex={-1} role="alert">
                  <p className="mb-1">{linkError}</p>
                  <Link to={paths.forgotPassword.getHref()} className="alert-link">
                    Pedir un enlace nuevo
                  </Link>
                </Alert>
              )}
              <p>
                Elija una contraseña nueva para <strong className="text-break">{email}</strong>.
              </p>
              <Form noValidate onSubmit={handleReset}>
                <NewPasswordFields
                  idPrefix="reset"
                  password={{ ...register('password'), error: errors.password }}
                  confirmation={{ ...register('password_confirmation'), error: errors.password_confirmation }}
                  hint="Al menos 8 caracteres. Evita contraseñas comunes, como nombres de equipos o «123456789»."
                />
                <Button type="submit" variant="primary" className="w-100" disabled={reset.isPending || !hydrated}>
                  {reset.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
                  Cambiar contraseña
                </Button>
              </Form>
            </>
          )}
          <p className="mt-3 mb-0 text-center">
            <Link to={paths.login.getHref()}>Ir a iniciar sesión</Link>
          </p>
        </Card.Body>
      </Card>
    </div>
  );
}
