import { EMAIL_MAX_LENGTH, SUBSCRIPTION_CONFIRM_HOURS, SUBSCRIPTION_MESSAGES, type SubscribeRequest } from '@concejo/contracts';

/** What a box subscribes to: the request without the address the reader types. */
export type FollowRequest = SubscribeRequest extends infer Request ? (Request extends SubscribeRequest ? Omit<Request, 'email'> : never) : never;

/**
 * "Avisarme de ...": the e-mail alert form of a public page (issue 16), folded until it is opened. Sent
 * hidden: enhance-subscribe.ts shows it and sends it as JSON (the API takes no form posts), so a page
 * read without its script offers no form that cannot work.
 */
export function SubscribeBox({ id, title, followed, request }: { id: string; title: string; followed: string; request: FollowRequest }) {
  return (
    <section className="subscribe-box card mt-4" aria-label={title} data-enhance="subscribe" data-request={JSON.stringify(request)} hidden>
      <details>
        <summary className="card-header">{title}</summary>
        <div className="card-body">
          <p>
            Le avisaremos por correo de {followed}: un solo correo por día con todas las novedades. Primero le enviaremos un
            enlace para confirmar, que vence en {SUBSCRIPTION_CONFIRM_HOURS} horas.
          </p>
          <form noValidate>
            <label className="form-label" htmlFor={`${id}-email`}>
              Su correo electrónico
            </label>
            <div className="subscribe-fields">
              <input type="email" id={`${id}-email`} name="email" className="form-control" autoComplete="email" inputMode="email" maxLength={EMAIL_MAX_LENGTH} required />
              <button type="submit" className="btn btn-primary">
                Suscribirme
              </button>
            </div>
          </form>
          <p className="small text-body-secondary mt-2 mb-0">{SUBSCRIPTION_MESSAGES.privacy}</p>
          <div role="status" aria-live="polite" />
        </div>
      </details>
    </section>
  );
}
