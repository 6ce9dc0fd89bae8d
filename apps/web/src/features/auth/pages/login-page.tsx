import { homeAfterLogin, loginRequestSchema } from '@concejo/contracts';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { FieldError, invalidProps } from '../../../components/form/field-error';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useToast } from '../../../components/toast/use-toast';
import { paths } from '../../../lib/paths';
import { loginPageReached } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useHydrated } from '../../../lib/use-hydrated';
import { useLogin } from '../api/login';
import { loginErrorMessage } from '../login-error-message';

export function LoginPage() {
  useDocumentTitle('Acceso a funcionarios');
  const hydrated = useHydrated();
  // A logout or an expired session that brought the user here has arrived (see endSession).
  useEffect(loginPageReached, []);
  const toast = useToast();
  const navigate = useNavigate();
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(loginRequestSchema, { defaultValues: { email: '', password: '' } });

  const handleLogin = handleSubmit((credentials) => {
    login.mutate(credentials, {
      onSuccess: (response) => navigate(homeAfterLogin(response.role), { replace: true }),
      onError: (error) => toast.error(loginErrorMessage(error)),
    });
  });

  return (
    <div className="auth-page mx-auto py-4">
      <Card className="shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h3 mb-4 text-center">Iniciar sesión</h1>
          <Form noValidate onSubmit={handleLogin}>
            <Form.Group className="mb-3" controlId="login-email">
              <Form.Label>Email</Form.Label>
              <Form.Control
                type="email"
                autoComplete="username"
                inputMode="email"
                {...register('email')}
                {...invalidProps('login-email', errors.email)}
              />
              <FieldError fieldId="login-email" error={errors.email} />
            </Form.Group>
            <Form.Group className="mb-3" controlId="login-password">
              <Form.Label>Contraseña</Form.Label>
              <Form.Control
                type="password"
                autoComplete="current-password"
                {...register('password')}
                {...invalidProps('login-password', errors.password)}
              />
              <FieldError fieldId="login-password" error={errors.password} />
            </Form.Group>
            <Button type="submit" variant="primary" className="w-100" disabled={login.isPending || !hydrated}>
              {login.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
              Ingresar
            </Button>
          </Form>
          <p className="mt-3 mb-0 text-center">
            <Link to={paths.forgotPassword.getHref()}>¿Olvidaste tu contraseña?</Link>
          </p>
        </Card.Body>
      </Card>
    </div>
  );
}
