import { ACCOUNT_MESSAGES, ASSIGNABLE_ROLES, ROLE_LABELS, updateUserRoleRequestSchema, type AssignableRole, type ManagedUser } from '@concejo/contracts';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link, useSearchParams } from 'react-router';
import { FieldError, invalidProps } from '../../../components/form/field-error';
import { applyServerErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { Loading } from '../../../components/loading';
import { useToast } from '../../../components/toast/use-toast';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUsers } from '../api/list-users';
import { useUpdateUserRole } from '../api/update-user-role';
import '../users.scss';

const COLUMNS = { name: 'Nombre y apellido', email: 'Email', role: 'Rol', change: 'Cambiar rol' } as const;

const isAssignable = (value: string | null): value is AssignableRole => (ASSIGNABLE_ROLES as readonly string[]).includes(value ?? '');

/** gestionar-usuarios (admin): every account but the admins, filtered by role, with a role change per row (spec 2.5.9). */
export function UsersPage() {
  useDocumentTitle('Gestionar usuarios');
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('role');
  const role = isAssignable(requested) ? requested : '';
  const users = useUsers(role);

  return (
    <div>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="mb-0">Gestionar usuarios</h1>
        <Link className="btn btn-primary" to={paths.panel.userRegister.getHref('/admin')}>
          Registrar nuevo usuario
        </Link>
      </div>
      <Form.Group className="mb-3 users-filter" controlId="users-role-filter">
        <Form.Label>Filtrar por rol</Form.Label>
        <Form.Select value={role} onChange={(event) => setSearchParams(event.target.value ? { role: event.target.value } : {})}>
          <option value="">Todos los roles</option>
          {ASSIGNABLE_ROLES.map((option) => (
            <option key={option} value={option}>
              {ROLE_LABELS[option]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <section aria-label="Usuarios" aria-busy={users.isFetching}>
        {users.isPending ? (
          <Loading />
        ) : users.isError && !users.data ? (
          <Alert variant="danger" role="alert">
            {ACCOUNT_MESSAGES.usersError}
          </Alert>
        ) : users.data && users.data.length === 0 ? (
          <p>{role ? `No hay usuarios con el rol ${ROLE_LABELS[role]}.` : 'Todavía no hay usuarios registrados.'}</p>
        ) : users.data ? (
          <Table striped bordered className="bg-white align-middle users-table">
            <caption className="visually-hidden">Usuarios{role ? ` con el rol ${ROLE_LABELS[role]}` : ''}</caption>
            <thead>
              <tr>
                <th scope="col">{COLUMNS.name}</th>
                <th scope="col">{COLUMNS.email}</th>
                <th scope="col">{COLUMNS.role}</th>
                <th scope="col">{COLUMNS.change}</th>
              </tr>
            </thead>
            <tbody>
              {users.data.map((user) => (
                <UserRow key={user.id} user={user} />
              ))}
            </tbody>
          </Table>
        ) : null}
      </section>
    </div>
  );
}

function UserRow({ user }: { user: ManagedUser }) {
  const toast = useToast();
  const update = useUpdateUserRole();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useZodForm(updateUserRoleRequestSchema, { defaultValues: { role: '' as AssignableRole } });
  const fullName = `${user.name} ${user.last_name}`;
  const selectId = `user-role-${user.id}`;

  const handleSave = handleSubmit(
    ({ role }) => {
      update.mutate(
        { id: user.id, role },
        {
          onSuccess: (answer) => {
            reset();
            toast.success(answer.message);
          },
          onError: (error) => {
            const { messages } = applyServerErrors(error, setError, ['role']);
            toast.error(error instanceof ApiError && error.status === 422 ? messages.join(' ') : ACCOUNT_MESSAGES.roleError);
          },
        },
      );
    },
    (invalid) => toast.warning(invalid.role?.message ?? ACCOUNT_MESSAGES.roleRequired),
  );

  return (
    <tr>
      <td data-label={COLUMNS.name}>{fullName}</td>
      <td data-label={COLUMNS.email} className="text-break">
        {user.email}
      </td>
      <td data-label={COLUMNS.role}>{ROLE_LABELS[user.role]}</td>
      <td data-label={COLUMNS.change} className="users-role-cell">
        <div>
          <div className="d-flex gap-2">
            <Form.Select id={selectId} size="sm" aria-label={`Nuevo rol de ${fullName}`} {...register('role')} {...invalidProps(selectId, errors.role)}>
              <option value="">Selecciona un rol</option>
              {ASSIGNABLE_ROLES.map((option) => (
                <option key={option} value={option}>
                  {ROLE_LABELS[option]}
                </option>
              ))}
            </Form.Select>
            <Button size="sm" variant="primary" onClick={() => void handleSave()} disabled={update.isPending} aria-label={`Guardar rol de ${fullName}`}>
              {update.isPending && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
              Guardar
            </Button>
          </div>
          <FieldError fieldId={selectId} error={errors.role} />
        </div>
      </td>
    </tr>
  );
}
