import { ACCOUNT_MESSAGES, ASSIGNABLE_ROLES, createUserRequestSchema, isCommonPassword, ROLE_LABELS, type CreateUserRequest } from '@concejo/contracts';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { useToast } from '../../../components/toast/use-toast';
import { paths } from '../../../lib/paths';
import { useDelayed } from '../../../lib/use-delayed';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { describedBy, FieldError } from '../../../components/form/field-error';
import { FormAlert, type FormOutcome } from '../../regulations/components/form-alert';
import { requestErrorMessages, serverFieldErrors } from '../../../components/form/server-errors';
import { useCreateUser } from '../api/create-user';
import '../users.scss';

/** Spec 4: after a user is registered the form resets and the page reloads after 2 s. */
export const RELOAD_AFTER_REGISTER_MS = 2000;

type Values = Record<keyof CreateUserRequest, string>;
type Errors = Partial<Record<keyof CreateUserRequest, string[]>>;
const EMPTY: Values = { name: '', last_name: '', email: '', email_confirmation: '', password: '', password_confirmation: '', role: '' };

/** registrar-usuario (admin): a new staff account with its role (spec 2.5.10). */
export function UserRegisterPage() {
  useDocumentTitle('Registrar usuario');
  const [formKey, setFormKey] = useState(0);
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [focusKey, setFocusKey] = useState(0);
  const later = useDelayed();

  const handleOutcome = (next: FormOutcome, reload: boolean) => {
    setOutcome(next);
    setFocusKey((key) => key + 1);
    // The "reload" of spec 4 without losing the message: the form starts again from scratch.
    if (reload) later(() => setFormKey((key) => key + 1), RELOAD_AFTER_REGISTER_MS);
  };

  return (
    <div className="user-register-form">
      <h1 id="user-register-title" className="mb-3">
        Registrar usuario
      </h1>
      <FormAlert outcome={outcome} focusKey={focusKey} />
      <RegisterForm key={formKey} onOutcome={handleOutcome} />
      <p className="mt-3">
        <Link to={paths.panel.usersManage.getHref('/admin')}>Volver a Gestionar usuarios</Link>
      </p>
    </div>
  );
}

function RegisterForm({ onOutcome }: { onOutcome: (outcome: FormOutcome, reload: boolean) => void }) {
  const toast = useToast();
  const create = useCreateUser();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: keyof Values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [key]: event.target.value }));
  const fieldProps = (id: string, field: keyof Values) => ({
    id,
    value: values[field],
    onChange: set(field),
    isInvalid: !!errors[field]?.length,
    'aria-invalid': !!errors[field]?.length,
    'aria-describedby': describedBy(id, errors[field]),
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = createUserRequestSchema.safeParse(values);
    const found: Errors = {};
    for (const issue of checked.error?.issues ?? []) (found[issue.path[0] as keyof Errors] ??= []).push(issue.message);
    if (!found.password && values.password && isCommonPassword(values.password)) found.password = [ACCOUNT_MESSAGES.passwordTooCommon];
    if (!checked.success || Object.keys(found).length > 0) {
      setErrors(found);
      onOutcome({ variant: 'danger', messages: [...new Set(Object.values(found).flat())] }, false);
      return;
    }
    create.mutate(checked.data, {
      onSuccess: (answer) => {
        setValues(EMPTY);
        setErrors({});
        toast.success(answer.message);
        onOutcome({ variant: 'success', messages: [`${answer.message} ${answer.user.name} ${answer.user.last_name} ya puede iniciar sesión con ${answer.user.email}.`] }, true);
      },
      onError: (error) => {
        setErrors(serverFieldErrors(error));
        onOutcome({ variant: 'danger', messages: requestErrorMessages(error) }, false);
      },
    });
  };

  return (
    <Form noValidate onSubmit={handleSubmit} aria-labelledby="user-register-title" className="bg-white border rounded p-3 shadow-sm">
      <Form.Group className="mb-3" controlId="user-name">
        <Form.Label>Nombre</Form.Label>
        <Form.Control autoComplete="off" {...fieldProps('user-name', 'name')} />
        <FieldError fieldId="user-name" error={errors.name} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="user-last-name">
        <Form.Label>Apellido</Form.Label>
        <Form.Control autoComplete="off" {...fieldProps('user-last-name', 'last_name')} />
        <FieldError fieldId="user-last-name" error={errors.last_name} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="user-email">
        <Form.Label>Email</Form.Label>
        <Form.Control type="email" inputMode="email" autoComplete="off" {...fieldProps('user-email', 'email')} />
        <FieldError fieldId="user-email" error={errors.email} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="user-email-confirmation">
        <Form.Label>Confirmación de email</Form.Label>
        <Form.Control type="email" inputMode="email" autoComplete="off" {...fieldProps('user-email-confirmation', 'email_confirmation')} />
        <FieldError fieldId="user-email-confirmation" error={errors.email_confirmation} />
      </Form.Group>
      <PasswordField
        id="user-password"
        label="Contraseña"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        error={errors.password}
        hint="Al menos 8 caracteres y que no sea una contraseña común."
      />
      <PasswordField
        id="user-password-confirmation"
        label="Confirmación de contraseña"
        autoComplete="new-password"
        value={values.password_confirmation}
        onChange={set('password_confirmation')}
        error={errors.password_confirmation}
      />
      <Form.Group className="mb-3" controlId="user-role">
        <Form.Label>Rol</Form.Label>
        <Form.Select {...fieldProps('user-role', 'role')}>
          <option value="">Selecciona un rol</option>
          {ASSIGNABLE_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </Form.Select>
        <FieldError fieldId="user-role" error={errors.role} />
      </Form.Group>
      <Button type="submit" variant="primary" className="w-100" disabled={create.isPending}>
        {create.isPending && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        Registrar usuario
      </Button>
    </Form>
  );
}
