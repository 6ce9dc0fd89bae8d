import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Página no encontrada');
  return (
    <div className="narrow-page py-2">
      <h1>Página no encontrada</h1>
      <p>La dirección que buscas no existe o cambió de lugar.</p>
      <Link to={paths.home.getHref()}>Volver al inicio</Link>
    </div>
  );
}
