import { ROLE_LABELS } from '@concejo/contracts';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { Loading } from '../../../components/loading';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUser } from '../api/get-user';

/** Read-only profile (spec 2.1), at /profile and at /{panel}/profile. */
export function ProfilePage() {
  useDocumentTitle('Mi perfil');
  const user = useUser();

  return (
    <div className="narrow-page py-2">
      <h1 className="mb-4">Mi perfil</h1>
      {user.isPending && <Loading text="Cargando perfil…" />}
      {user.isError && (
        <Alert variant="danger">No se pudieron obtener los datos del perfil. Inténtelo de nuevo más tarde.</Alert>
      )}
      {user.isSuccess && (
        <Card className="shadow-sm">
          <Card.Body>
            <dl className="profile-list mb-0">
              <dt>Nombre</dt>
              <dd>{user.data.user.name}</dd>
              <dt>Apellido</dt>
              <dd>{user.data.user.last_name}</dd>
              <dt>Email</dt>
              <dd>{user.data.user.email}</dd>
              <dt>Rol</dt>
              <dd>{ROLE_LABELS[user.data.role]}</dd>
              <dt>Email verificado</dt>
              <dd>{user.data.email_verified ? 'Sí' : 'No'}</dd>
            </dl>
          </Card.Body>
        </Card>
      )}
    </div>
  );
}
