import { informalForms, type PublishedRegulationDetail } from '@concejo/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render-routes';
import { renderServerPage } from '../../test/render-server-page';

const NORM: PublishedRegulationDetail = {
  id: 41,
  type: 'ordinance',
  dem_type: null,
  number: 2847,
  subject: 'Plan municipal de arbolado',
  keywords: [],
  created_at: '2025-12-11T13:00:00.000Z',
  approved_at: '2025-12-12T13:00:00.000Z',
  pdf_approved: null,
  legal_force: 'in_force',
  authors: [],
  is_old: false,
  links: [],
  text_start: '',
  text_recognized: false, expediente: null, actions: [], enacted_on: null, promulgated_on: null, published_on: null, in_force_from: null, in_force_until: null, voided_on: null, force_on: null,
};

const ACCEPTED = 'Si la dirección es correcta, recibirá un correo para confirmar la suscripción. No le enviaremos avisos hasta que la confirme.';

/** A public page with its alert box; `subscribe` answers POST /subscriptions (and records what it was sent). */
function renderWithBox(url: string, subscribe: () => Response = () => jsonResponse({ message: ACCEPTED }, 202)) {
  const sent: unknown[] = [];
  const api = vi.fn(async (path: string, init?: RequestInit) => {
    if (path === '/api/v1/subscriptions' && init?.method === 'POST') {
      sent.push(JSON.parse(String(init.body)));
      return subscribe();
    }
    if (path === '/api/v1/regulations/published/ordinance/2847') return jsonResponse(NORM);
    return jsonResponse({ message: 'no' }, 404);
  });
  return { sent, page: renderServerPage(url, api) };
}

async function subscribeWith(url: string, box: string, email: string, subscribe?: () => Response) {
  const view = renderWithBox(url, subscribe);
  const page = await view.page;
  const region = screen.getByRole('region', { name: box });
  await page.user.click(within(region).getByText(box));
  await page.user.type(within(region).getByLabelText('Su correo electrónico'), email);
  await page.user.click(within(region).getByRole('button', { name: 'Suscribirme' }));
  return { ...view, ...page, region };
}

describe('the alert boxes of the public pages', () => {
  it('on /normativas follow the search in the address (text, type, legal force; not the number or dates) and say the same answer for any address', async () => {
    const { sent, region, body } = await subscribeWith('/normativas?search=veredas&numberSearch=12&type=ordinance&legal_force=in_force&from=2025-01-01', 'Avisarme de nuevas normativas como estas', ' vecina@example.org ');
    // Sent hidden: without its script the page offers no form that cannot work.
    expect(body).toMatch(/<section class="subscribe-box[^"]*"[^>]*hidden=""/);
    expect(region).toBeVisible();
    expect(region).toHaveTextContent('las nuevas normativas que coincidan con «veredas» (Ordenanza, vigente)');
    expect(region).toHaveTextContent('Ley 25.326');
    expect(sent).toEqual([{ kind: 'search', filters: { search: 'veredas', type: 'ordinance', legal_force: 'in_force' }, email: 'vecina@example.org' }]);
    expect(await within(region).findByRole('status')).toHaveTextContent(ACCEPTED);
    expect(within(region).getByRole('status')).toHaveClass('alert-success');
    expect(within(region).getByLabelText('Su correo electrónico')).toHaveValue('');
  });

  it('check the address as the API does, before sending anything', async () => {
    const { sent, region } = await subscribeWith('/normativas', 'Avisarme de nuevas normativas como estas', 'no es un correo');
    expect(sent).toEqual([]);
    const field = within(region).getByLabelText('Su correo electrónico');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Ingrese un correo electrónico válido.');
    expect(field).toHaveFocus();
  });

  it("say the API's reason in red when it refuses (too many requests), keeping the address to try again", async () => {
    const tooMany = 'Demasiadas solicitudes de suscripción. Inténtelo de nuevo en 60 minutos.';
    const { region } = await subscribeWith('/normativas', 'Avisarme de nuevas normativas como estas', 'vecina@example.org', () => jsonResponse({ message: tooMany, requestId: 'r' }, 429));
    expect(await within(region).findByText(tooMany)).toHaveClass('alert-danger');
    expect(within(region).getByLabelText('Su correo electrónico')).toHaveValue('vecina@example.org');
    expect(within(region).getByRole('button', { name: 'Suscribirme' })).toBeEnabled();
  });

  it("on a norm's page follow that norm", async () => {
    const { sent, region } = await subscribeWith('/normativas/ordenanza/2847', 'Avisarme si esta norma cambia', 'vecina@example.org');
    expect(region).toHaveTextContent('los cambios de la Ordenanza N° 2847 (si se modifica, se deroga o se reglamenta)');
    expect(sent).toEqual([{ kind: 'regulation', regulation_id: 41, email: 'vecina@example.org' }]);
  });

  it('on /ver-orden-dia follow the agendas', async () => {
    const { sent } = await subscribeWith('/ver-orden-dia', 'Avisarme de cada nueva orden del día', 'vecina@example.org');
    expect(sent).toEqual([{ kind: 'day-orders', email: 'vecina@example.org' }]);
  });
});

describe('the pages an alert links to', () => {
  const ONE = `s12.${'x'.repeat(32)}`;
  const ALL = `a${'0'.repeat(64)}.${'x'.repeat(32)}`;

  function renderUnsubscribe(token: string, answer: () => Response) {
    const posted: string[] = [];
    const api = vi.fn(async (path: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posted.push(path);
        return answer();
      }
      return jsonResponse({ message: 'no' }, 404);
    });
    return { posted, page: renderServerPage(`/suscripcion/baja?token=${encodeURIComponent(token)}`, api) };
  }

  it('/suscripcion/baja drops nothing until its button is pressed, then says it is done', async () => {
    const { posted, page } = renderUnsubscribe(ONE, () => jsonResponse({ message: 'Listo: no recibirá más estos avisos.' }));
    const { body, head, user } = await page;
    expect(head).toContain('<meta name="robots" content="noindex"');
    expect(body).toMatch(/<button type="submit" class="btn btn-danger" disabled="">Darme de baja<\/button>/);
    expect(posted).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Darme de baja' }));
    expect(await screen.findByText('Listo: no recibirá más estos avisos.')).toHaveClass('alert-success');
    expect(posted).toEqual([`/api/v1/subscriptions/unsubscribe/${ONE}`]);
    expect(screen.queryByRole('button', { name: 'Darme de baja' })).toBeNull();
  });

  it("/suscripcion/baja says when a link drops every alert of the address, and shows the API's refusal", async () => {
    const gone = 'Este enlace para darse de baja no es válido o ya se usó. Si ya se dio de baja, no recibirá más esos avisos.';
    const { page } = renderUnsubscribe(ALL, () => jsonResponse({ message: gone, requestId: 'r' }, 404));
    const { user } = await page;
    expect(screen.getByText(/todos los avisos por correo que pidió/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Darme de baja de todo' }));
    expect(await screen.findByText(gone)).toHaveClass('alert-danger');
    expect(screen.getByRole('button', { name: 'Darme de baja de todo' })).toBeEnabled();
  });

  it.each([
    ['/suscripcion/confirmada', 'Suscripción confirmada'],
    ['/suscripcion/error', 'El enlace no es válido'],
    ['/suscripcion/baja', 'El enlace para darse de baja no es válido'],
  ])('%s is rendered on the server, out of search engines', async (url, heading) => {
    const { status, head } = await renderServerPage(url, async () => jsonResponse({ message: 'no' }, 404));
    expect(status).toBe(200);
    expect(head).toContain('<meta name="robots" content="noindex"');
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('/suscripcion/error speaks of the confirmation link and how to subscribe again', async () => {
    await renderServerPage('/suscripcion/error', async () => jsonResponse({ message: 'no' }, 404));
    expect(screen.getByRole('main')).toHaveTextContent(/El enlace de confirmación no es válido, fue reemplazado por uno más reciente o venció: vale 48 horas\. Si todavía quiere recibir los avisos, vuelva a suscribirse/);
  });

  it('/suscripcion/baja without a token (a link forged or already used) says so, and that no more alerts come if it was used; it never asks to subscribe again', async () => {
    await renderServerPage('/suscripcion/baja', async () => jsonResponse({ message: 'no' }, 404));
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('Este enlace para darse de baja no es válido o ya se usó. Si ya se dio de baja, no recibirá más esos avisos.');
    expect(main.textContent).not.toMatch(/suscrib/i);
    expect(within(main).queryByRole('button')).toBeNull();
  });
});

describe('the voice of the alerts', () => {
  it('addresses the reader as usted on every page an alert links to, in each box and in what they say after a request', async () => {
    const pages = ['/suscripcion/confirmada', '/suscripcion/error', '/suscripcion/baja', `/suscripcion/baja?token=s12.${'x'.repeat(32)}`, `/suscripcion/baja?token=a${'0'.repeat(64)}.${'x'.repeat(32)}`];
    for (const url of pages) {
      await renderServerPage(url, async () => jsonResponse({ message: 'no' }, 404));
      expect(informalForms(screen.getByRole('main').textContent ?? ''), url).toEqual([]);
    }
    // A box opened, refused before sending, then answered; and the answer when the network fails.
    const checked = await subscribeWith('/ver-orden-dia', 'Avisarme de cada nueva orden del día', 'no es un correo');
    expect(within(checked.region).getByLabelText('Su correo electrónico')).toHaveAccessibleDescription('Ingrese un correo electrónico válido.');
    expect(informalForms(checked.region.textContent ?? '')).toEqual([]);
    const failed = await subscribeWith('/ver-orden-dia', 'Avisarme de cada nueva orden del día', 'vecina@example.org', () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await within(failed.region).findByText('No se recibió respuesta del servidor. Revise su conexión e inténtelo de nuevo.')).toHaveClass('alert-danger');
    expect(informalForms(failed.region.textContent ?? '')).toEqual([]);
  });
});
