import { SUBSCRIPTION_CONFIRM_HOURS, SUBSCRIPTION_KIND_LABELS, SUBSCRIPTION_KINDS } from '@concejo/contracts';
import Table from 'react-bootstrap/Table';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSubscriptionCounts } from '../api/subscription-counts';

const number = new Intl.NumberFormat('es-AR');

/**
 * suscripciones (admin, issue 16): how many citizens follow each kind of alert by e-mail. Counts only:
 * no screen shows the addresses (Ley 25.326); they are used for nothing but the alerts.
 */
export function SubscriptionCountsPage() {
  useDocumentTitle('Suscripciones a avisos');
  const counts = useSubscriptionCounts();
  const data = counts.data;
  const total = data ? SUBSCRIPTION_KINDS.reduce((sum, kind) => sum + data.confirmed[kind], 0) : 0;
  return (
    <div>
      <h1 className="mb-2">Suscripciones a avisos</h1>
      <p className="text-body-secondary">
        Vecinos que reciben avisos por correo de nuevas normativas, de los cambios de una norma o de las órdenes del día. Por
        privacidad solo se muestran cantidades: las direcciones no se consultan desde el panel.
      </p>
      {counts.isPending && <Loading />}
      {counts.isError && <LoadError message="No se pudieron cargar las suscripciones." onRetry={() => void counts.refetch()} retrying={counts.isFetching} />}
      {data && (
        <>
          <Table bordered className="bg-white subscription-counts">
            <caption className="visually-hidden">Suscripciones confirmadas por tipo de aviso</caption>
            <thead>
              <tr>
                <th scope="col">Tipo de aviso</th>
                <th scope="col" className="text-end">
                  Confirmadas
                </th>
              </tr>
            </thead>
            <tbody>
              {SUBSCRIPTION_KINDS.map((kind) => (
                <tr key={kind}>
                  <th scope="row" className="fw-normal">
                    {SUBSCRIPTION_KIND_LABELS[kind]}
                  </th>
                  <td className="text-end">{number.format(data.confirmed[kind])}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td className="text-end fw-bold">{number.format(total)}</td>
              </tr>
            </tfoot>
          </Table>
          <p>
            Esperando confirmación: {number.format(data.unconfirmed)}. Se borran si no se confirman en {SUBSCRIPTION_CONFIRM_HOURS}{' '}
            horas.
          </p>
        </>
      )}
    </div>
  );
}
