import Container from 'react-bootstrap/Container';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MAIN_CONTENT_ID } from '../../components/skip-link';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * Shown when a page fails to render or its code fails to load (typically a stale tab after a
 * deploy: the old hashed files are gone, and a full reload fetches the new ones).
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useDocumentTitle('Error');
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main id={MAIN_CONTENT_ID} className="site-main">
      <Container className="py-5 narrow-page">
        <h1>Ocurrió un error inesperado</h1>
        <p>No pudimos mostrar esta página. Vuelva a cargarla; si el problema continúa, inténtelo más tarde.</p>
        {/* A plain link on purpose: a full page load recovers from missing code files. */}
        <a className="btn btn-primary" href={paths.home.getHref()}>
          Ir al inicio
        </a>
      </Container>
    </main>
  );
}
