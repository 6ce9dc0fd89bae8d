import { ACCOUNT_MESSAGES, forgotPasswordRequestSchema, RESET_LINK_MINUTES } from '@concejo/contracts';
import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { FieldError, invalidProps } from '../../../components/form/field-error';
import { applyServerErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useToast } from '../../../components/toast/use-toast';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useHydrated } from '../../../lib/use-hydrated';
import { RECOVERY_TOAST_DELAY_MS, recoveryErrorMessage } from '../account-error';
import { useForgotPassword } from '../api/forgot-password';

/** /forgot-password: asks for the e-mail and sends the reset link (spec 2.1, 8). */
export function ForgotPasswordPage() {
  useDocumentTitle('Recuperar contraseña');
  const hydrated = useHydrated();
  const toast = useToast();
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const banner = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useZodForm(forgotPasswordRequestSchema, { defaultValues: { email: '' } });

  useEffect(() => {
    if (sentTo) banner.current?.focus();
  }, [sentTo]);

  const handleSend = handleSubmit((values) => {
    setSentTo(null);
    forgot.mutate(values, {
      onSuccess: () => {
        setSentTo(values.email);
        reset();
      },
      onError: (error) => {
        applyServerErrors(error, setError, ['email']);
        toast.error(recoveryErrorMessage(error, ACCOUNT_MESSAGES.forgotError), { delay: RECOVERY_TOAST_DELAY_MS });
      },
    });
  });

  return (
    <div className="auth-page mx-auto py-4">
      <Card className="shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h3 mb-3 text-center">Recuperar contraseña</h1>
          {sentTo && (
            <Alert ref={banner} variant="success" tabIndex={-1} role="status">
              <p className="mb-1 fw-semibold">{ACCOUNT_MESSAGES.forgotSent}</p>
              <p className="mb-0 small">
                Si {sentTo} corresponde a una cuenta, recibirá el enlace en unos minutos. Vence en {RESET_LINK_MINUTES} minutos; revise también la
                carpeta de correo no deseado.
              </p>
            </Alert>
          )}
          <p>Escriba el email de su cuenta y le enviaremos un enlace para elegir una contraseña nueva.</p>
          <Form noValidate onSubmit={handleSend}>
            <Form.Group className="mb-3" controlId="forgot-email">
              <Form.Label>Email</Form.Label>
              <Form.Control
                type="email"
                autoComplete="email"
                inputMode="email"
                {...register('email')}
                {...invalidProps('forgot-email', errors.email)}
              />
              <FieldError fieldId="forgot-email" error={errors.email} />
            </Form.Group>
            <Button type="submit" variant="primary" className="w-100" disabled={forgot.isPending || !hydrated}>
              {forgot.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
              Enviar enlace
            </Button>
          </Form>
          <p className="mt-3 mb-0 text-center">
            <Link to={paths.login.getHref()}>Volver a iniciar sesión</Link>
          </p>
        </Card.Body>
      </Card>
    </div>
  );
}
