import { ASSIGNABLE_ROLES, createUserRequestSchema, refusingCommonPassword, ROLE_LABELS, type CreateUserRequest } from '@concejo/contracts';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { FieldError, invalidProps, messageOf } from '../../../components/form/field-error';
import { FormAlert, type FormOutcome } from '../../../components/form/form-alert';
import { applyServerErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { NewPasswordFields } from '../../../components/password-field';
import { useToast } from '../../../components/toast/use-toast';
import { paths } from '../../../lib/paths';
import { useDelayed } from '../../../lib/use-delayed';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCreateUser } from '../api/create-user';
import '../users.scss';

/** Spec 4: after a user is registered the form resets and the page reloads after 2 s. */
export const RELOAD_AFTER_REGISTER_MS = 2000;

/** The API's rules for a new account plus the common-password one, checked before sending. */
const registerFormSchema = refusingCommonPassword(createUserRequestSchema);
const FIELDS = ['name', 'last_name', 'email', 'email_confirmation', 'password', 'password_confirmation', 'role'] as const satisfies readonly (keyof CreateUserRequest)[];

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
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useZodForm(registerFormSchema, {
    // The role starts unchosen: the schema says 'Por favor selecciona un rol.' until one is picked.
    defaultValues: { name: '', last_name: '', email: '', email_confirmation: '', password: '', password_confirmation: '', role: '' as CreateUserRequest['role'] },
  });
  // The id comes from the group's controlId; invalidProps needs it for the error's id.
  const field = (id: string, name: (typeof FIELDS)[number]) => ({ ...register(name), ...invalidProps(id, errors[name]) });

  const handleRegister = handleSubmit(
    (values) => {
      create.mutate(values, {
        onSuccess: (answer) => {
          reset();
          toast.success(answer.message);
          onOutcome({ variant: 'success', messages: [`${answer.message} ${answer.user.name} ${answer.user.last_name} ya puede iniciar sesión con ${answer.user.email}.`] }, true);
        },
        onError: (error) => onOutcome({ variant: 'danger', messages: applyServerErrors(error, setError, FIELDS).messages }, false),
      });
    },
    // Spec 8: one red alert above the form lists every message, besides each under its field.
    (invalid) => onOutcome({ variant: 'danger', messages: [...new Set(FIELDS.map((name) => messageOf(invalid[name])).filter(Boolean))] }, false),
  );

  return (
    <Form noValidate onSubmit={handleRegister} aria-labelledby="user-register-title" className="bg-white border rounded p-3 shadow-sm">
      <Form.Group className="mb-3" controlId="user-name">
        <Form.Label>Nombre</Form.Label>
        <Form.Control autoComplete="off" {...field('user-name', 'name')} />
        <FieldError fieldId="user-name" error={errors.name} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="user-last-name">
        <Form.Label>Apellido</Form.Label>
        <Form.Control autoComplete="off" {...field('user-last-name', 'last_name')} />
        <FieldError fieldId="user-last-name" error={errors.last_name} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="user-email">
        <Form.Label>Email</Form.Label>
        <Form.Control type="email" inputMode="email" autoComplete="off" {...field('user-email', 'email')} />
        <FieldError fieldId="user-email" error={errors.email} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="user-email-confirmation">
        <Form.Label>Confirmación de email</Form.Label>
        <Form.Control type="email" inputMode="email" autoComplete="off" {...field('user-email-confirmation', 'email_confirmation')} />
        <FieldError fieldId="user-email-confirmation" error={errors.email_confirmation} />
      </Form.Group>
      <NewPasswordFields
        idPrefix="user"
        password={{ ...register('password'), error: errors.password }}
        confirmation={{ ...register('password_confirmation'), error: errors.password_confirmation }}
        hint="Al menos 8 caracteres y que no sea una contraseña común."
      />
      <Form.Group className="mb-3" controlId="user-role">
        <Form.Label>Rol</Form.Label>
        <Form.Select {...field('user-role', 'role')}>
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
