import { SUBSCRIPTION_CONFIRM_HOURS, SUBSCRIPTION_MESSAGES, unsubscribesAll } from '@concejo/contracts';
import { useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';

/** Where a reader goes next from any of these pages. */
function NextLinks() {
  return (
    <p className="d-flex flex-wrap gap-2 mb-0">
      <a href={paths.regulations.getHref()} className="btn btn-outline-primary">
        Buscar normativas
      </a>
      <a href={paths.home.getHref()} className="btn btn-outline-primary">
        Ir al inicio
      </a>
    </p>
  );
}

/** /suscripcion/confirmada: where the confirmation e-mail's link lands when it worked (issue 16). */
export function SubscriptionConfirmedPage() {
  return (
    <div className="mx-auto py-4 narrow-page">
      <h1 className="h2">Suscripción confirmada</h1>
      <p className="alert alert-success mt-3">
        Listo: recibirá por correo los avisos que pidió, en un solo correo por día cuando haya novedades.
      </p>
      <p>Cada correo trae un enlace para darse de baja con un clic, sin iniciar sesión.</p>
      <NextLinks />
    </div>
  );
}

/** /suscripcion/error: a confirmation link that does not work (replaced by a newer one, expired, forged). */
export function SubscriptionErrorPage() {
  return (
    <div className="mx-auto py-4 narrow-page">
      <h1 className="h2">El enlace no es válido</h1>
      <p className="alert alert-danger mt-3">
        El enlace de confirmación no es válido, fue reemplazado por uno más reciente o venció: vale {SUBSCRIPTION_CONFIRM_HOURS} horas. Si todavía quiere
        recibir los avisos, vuelva a suscribirse desde la búsqueda de normativas, la página de una norma o las órdenes del día.
      </p>
      <NextLinks />
    </div>
  );
}

/**
 * /suscripcion/baja without a token: an unsubscribe link forged or already used. What it says is true
 * either way, and it does not ask the reader to subscribe again.
 */
function UnsubscribeLinkErrorPage() {
  return (
    <div className="mx-auto py-4 narrow-page">
      <h1 className="h2">El enlace para darse de baja no es válido</h1>
      <p className="alert alert-info mt-3">{SUBSCRIPTION_MESSAGES.unsubscribeInvalid}</p>
      <p>Si sigue recibiendo avisos que ya no quiere, use el enlace para darse de baja del correo más reciente.</p>
      <NextLinks />
    </div>
  );
}

/**
 * /suscripcion/baja?token=...: an alert's unsubscribe link opened in a browser. Nothing is dropped
 * until the button is pressed (a mail scanner that follows links must not unsubscribe anyone); the
 * button, sent disabled, is given its action by enhance-unsubscribe.ts.
 */
export function UnsubscribePage() {
  const token = useSearchParams()[0].get('token') ?? '';
  if (!token) return <UnsubscribeLinkErrorPage />;
  const everything = unsubscribesAll(token);
  return (
    <div className="mx-auto py-4 narrow-page">
      <h1 className="h2">Darse de baja</h1>
      <p className="mt-3">
        {everything
          ? 'Dejará de recibir todos los avisos por correo que pidió con esta dirección.'
          : 'Dejará de recibir los avisos por correo de esta suscripción. Si sigue otras búsquedas o normas, esas continúan.'}
      </p>
      <form data-enhance="unsubscribe" data-token={token}>
        <button type="submit" className="btn btn-danger" disabled>
          {everything ? 'Darme de baja de todo' : 'Darme de baja'}
        </button>
        <div role="status" aria-live="polite" />
      </form>
      <p className="mt-4 mb-3 small text-body-secondary">{SUBSCRIPTION_MESSAGES.privacy}</p>
      <NextLinks />
    </div>
  );
}
