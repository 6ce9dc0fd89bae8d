import { LEGAL_FORCE_MESSAGES, type PublishedRegulationDetail } from '@concejo/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, testSite } from '../../../test/render-routes';
import { renderServerPage } from '../../../test/render-server-page';

const NORM: PublishedRegulationDetail = {
  id: 7,
  type: 'ordinance',
  dem_type: null,
  number: 2847,
  subject: 'Plan municipal de arbolado urbano </script><b>y</b> especies nativas',
  keywords: [{ word: 'ambiente' }, { word: 'arbolado' }],
  created_at: '2025-12-11T13:00:00.000Z',
  approved_at: '2025-12-12T13:00:00.000Z',
  pdf_approved: '/api/v1/files/regulations-approved/abc.pdf',
  legal_force: 'partially_repealed',
  authors: [{ name: 'María Laura Sosa' }, { name: 'Raúl Ortiz' }],
  is_old: false,
  links: [
    { kind: 'partially_repeals', direction: 'incoming', type: 'ordinance', number: 2910, subject: 'Actualiza el listado de especies protegidas', legal_force: 'in_force', note: null, until: null },
    { kind: 'regulates', direction: 'incoming', type: 'decree', number: 97, subject: 'Reglamenta el plan', legal_force: 'in_force', note: null, until: null },
    { kind: 'modifies', direction: 'outgoing', type: 'ordinance', number: 1610, subject: '', legal_force: 'repealed', note: null, until: null },
  ],
  text_start: 'Artículo 1°: Créase el plan.\nArtículo 2°: …',
  text_recognized: true, expediente: null, actions: [], enacted_on: null, promulgated_on: null, published_on: null, in_force_from: null,
  in_force_until: null, voided_on: null, force_on: null,
};

function stubApi(norm: PublishedRegulationDetail | null = NORM, site = testSite()) {
  return vi.fn(async (url: string) => {
    if (url === '/api/v1/public/site') return jsonResponse(site);
    if (norm && url === `/api/v1/regulations/published/${norm.type}/${norm.number}`) return jsonResponse(norm);
    if (url.startsWith('/api/v1/regulations/published/')) return jsonResponse({ message: 'No encontramos esa normativa entre las publicadas.', requestId: 'r' }, 404);
    return jsonResponse({ message: 'no' }, 404);
  });
}

describe('PublicRegulationPage (/normativas/{tipo}/{número})', () => {
  it("shows the dates as calendar days of the site's time zone, in the page and in its JSON-LD", async () => {
    // 04:00 UTC on December 13th is still December 12th in Bogotá (UTC-5), already the 13th in Buenos Aires.
    const norm = { ...NORM, created_at: '2025-12-12T04:30:00.000Z', approved_at: '2025-12-13T04:00:00.000Z' };
    const page = await renderServerPage('/normativas/ordenanza/2847', stubApi(norm, testSite({ time_zone: 'America/Bogota' })));
    expect(screen.getByText('Fecha de creación').nextElementSibling).toHaveTextContent('11/12/2025');
    expect(screen.getByText('Fecha de aprobación').nextElementSibling).toHaveTextContent('12/12/2025');
    expect(page.head).toContain('"legislationDate":"2025-12-12"');

    await renderServerPage('/normativas/ordenanza/2847', stubApi(norm));
    expect(screen.getByText('Fecha de aprobación').nextElementSibling).toHaveTextContent('13/12/2025');
  });

  it('shows its path: expediente, enactment, promulgation, the Boletín Oficial and each step, and JSON-LD dates it by its enactment', async () => {
    const none = { committee: null, majority: null, promulgation: null, veto: null, decree: null, edition: null, page: null, url: null, in_force_from: null, day_order_id: null, note: null, pdf: null };
    const norm: PublishedRegulationDetail = {
      ...NORM,
      expediente: '412-C-2025',
      enacted_on: '2025-11-27',
      promulgated_on: '2025-12-04',
      published_on: '2025-12-10',
      in_force_from: '2025-12-11',
      actions: [
        { ...none, id: 1, kind: 'ingreso', label: 'Ingreso por Mesa de Entradas', date: '2025-09-01', automatic: true },
        { ...none, id: 2, kind: 'despacho', label: 'Despacho de comisión', date: '2025-11-03', automatic: false, committee: 'obras', majority: 'mayoria', pdf: '/api/v1/files/regulations-approved/despacho.pdf' },
        { ...none, id: 3, kind: 'sancion', label: 'Sanción', date: '2025-11-27', automatic: true },
        { ...none, id: 4, kind: 'promulgacion', label: 'Promulgación', date: '2025-12-04', automatic: false, promulgation: 'expresa', decree: '815/2025' },
        { ...none, id: 5, kind: 'publicacion', label: 'Publicación en el Boletín Oficial', date: '2025-12-10', automatic: false, edition: '3120', page: 4, in_force_from: '2025-12-11', url: 'https://boletin.example.org/3120' },
      ],
    };
    const page = await renderServerPage('/normativas/ordenanza/2847', stubApi(norm));
    const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(fact('Expediente')).toHaveTextContent('412-C-2025');
    expect(fact('Sanción')).toHaveTextContent('27/11/2025');
    expect(fact('Promulgación')).toHaveTextContent('04/12/2025');
    expect(fact('Boletín Oficial')).toHaveTextContent('10/12/2025, edición N° 3120, página 4');
    expect(fact('Vigente desde')).toHaveTextContent('11/12/2025');
    const path = screen.getByRole('region', { name: 'Trámite' });
    const steps = within(path).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      '01/09/2025Ingreso por Mesa de Entradas',
      expect.stringMatching(/^03\/11\/2025Despacho de comisión: Comisión de Obras Públicas, despacho de mayoría/),
      '27/11/2025Sanción',
      '04/12/2025Promulgación: expresa, Decreto 815/2025',
      expect.stringMatching(/^10\/12\/2025Publicación en el Boletín Oficial: edición N° 3120, página 4, vigente desde el 11\/12\/2025/),
    ]);
    expect(within(steps[1]!).getByRole('link', { name: /PDF del despacho/ })).toHaveAttribute('href', '/api/v1/files/regulations-approved/despacho.pdf');
    expect(within(steps[4]!).getByRole('link', { name: /Ver en el Boletín Oficial/ })).toHaveAttribute('href', 'https://boletin.example.org/3120');
    expect(page.head).toContain('"legislationDate":"2025-11-27"');
  });

  it('answers "¿Vigente a una fecha?" for the day in its address, and says when the day asked is no date', async () => {
    const suspended: PublishedRegulationDetail = {
      ...NORM,
      legal_force: 'suspended',
      links: [{ kind: 'suspends', direction: 'incoming', type: 'decree', number: 12, subject: 'Suspende el plan', legal_force: 'in_force', note: 'arts. 3 a 5', until: '2026-06-30' }],
    };
    const asked: string[] = [];
    const api = vi.fn(async (url: string) => {
      asked.push(url);
      if (url === '/api/v1/public/site') return jsonResponse(testSite());
      const day = new URL(url, 'http://x').searchParams.get('in_force_on');
      return jsonResponse({ ...suspended, force_on: day ? { day, legal_force: day < '2025-12-13' ? null : 'suspended' } : null });
    });
    await renderServerPage('/normativas/ordenanza/2847?vigente_al=2026-05-01', api);
    expect(screen.getByText(/Esta norma está suspendida/).closest('.alert')).toHaveTextContent('Esta norma está suspendida por el Decreto N° 12 hasta el 30/06/2026.');
    const section = screen.getByRole('region', { name: '¿Vigente a una fecha?' });
    expect(within(section).getByLabelText('Fecha')).toHaveValue('2026-05-01');
    expect(within(section).getByRole('status')).toHaveTextContent('Al 01/05/2026: Suspendida');
    expect(screen.getByText('arts. 3 a 5')).toBeInTheDocument();
    expect(asked).toContain('/api/v1/regulations/published/ordinance/2847?in_force_on=2026-05-01');

    await renderServerPage('/normativas/ordenanza/2847?vigente_al=2025-01-01', api);
    expect(within(screen.getByRole('region', { name: '¿Vigente a una fecha?' })).getByRole('status')).toHaveTextContent('Al 01/01/2025, todavía no había entrado en vigencia.');

    // A day that is no day: the page is still the norm's, with the form saying so (the API is not asked about it).
    asked.length = 0;
    await renderServerPage('/normativas/ordenanza/2847?vigente_al=2026-02-30', api);
    const form = screen.getByRole('region', { name: '¿Vigente a una fecha?' });
    expect(within(form).getByLabelText('Fecha')).toHaveAccessibleDescription(LEGAL_FORCE_MESSAGES.inForceOn);
    expect(within(form).queryByRole('status')).toBeNull();
    expect(asked).toContain('/api/v1/regulations/published/ordinance/2847');
  });

  it('shows the norm with its legal force first, its facts, PDF, links by kind and the start of its text, from the server', async () => {
    const api = stubApi();
    const page = await renderServerPage('/normativas/ordenanza/2847', api);
    expect(page.status).toBe(200);
    expect(api.mock.calls.map(([url]) => url)).toContain('/api/v1/regulations/published/ordinance/2847');
    expect(screen.getByRole('heading', { level: 1, name: 'Ordenanza N° 2847' })).toBeInTheDocument();
    expect(screen.getAllByText('Derogada parcialmente')[0]).toHaveClass('badge');
    // The repeal at the top names the norm that did it, as a link to its page.
    const notice = screen.getByText('Esta norma fue derogada parcialmente').closest('.alert') as HTMLElement;
    expect(notice).toHaveTextContent('Esta norma fue derogada parcialmente por la Ordenanza N° 2910.');
    expect(within(notice).getByRole('link', { name: 'Ordenanza N° 2910' })).toHaveAttribute('href', '/normativas/ordenanza/2910');
    // The subject as text, never as markup.
    expect(screen.getByText(NORM.subject)).toBeInTheDocument();
    expect(document.querySelector('#root b')).toBeNull();

    expect(screen.getByText('Fecha de aprobación').nextElementSibling).toHaveTextContent('12/12/2025');
    expect(screen.getByText('Autores').nextElementSibling).toHaveTextContent('María Laura Sosa, Raúl Ortiz');
    expect(screen.getByText('Palabras clave').nextElementSibling).toHaveTextContent('ambiente, arbolado');
    expect(screen.getByRole('link', { name: /^Abrir el PDF/ })).toHaveAttribute('href', NORM.pdf_approved);
    expect(screen.getByRole('link', { name: /^Descargar el PDF/ })).toHaveAttribute('download', 'Ordenanza-N-2847.pdf');

    const links = screen.getByRole('region', { name: 'Relación con otras normas' });
    const headings = within(links).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Derogada parcialmente por', 'Reglamentada por', 'Modifica a']);
    expect(within(links).getByRole('link', { name: 'Decreto N° 97' })).toHaveAttribute('href', '/normativas/decreto/97');
    // A linked norm that is no longer in force says so beside its link.
    expect(within(links).getByRole('link', { name: 'Ordenanza N° 1610' }).parentElement).toHaveTextContent('Derogada');

    const text = screen.getByRole('region', { name: 'Comienzo del texto' });
    expect(text).toHaveTextContent('Artículo 1°: Créase el plan.');
    expect(text).toHaveTextContent('su texto se reconoció automáticamente');
    expect(screen.getByText('El texto oficial de esta norma es el publicado en el Boletín Oficial.')).toBeInTheDocument();
  });

  it('gives the page its head: title with the legal force, canonical address, sharing tags and schema.org Legislation', async () => {
    const page = await renderServerPage('/normativas/ordenanza/2847', stubApi());
    expect(document.title).toMatch(/^Ordenanza N° 2847 \(Derogada parcialmente\)/);
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost:3000/normativas/ordenanza/2847');
    expect(document.querySelector('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(`Ordenanza N° 2847 (Derogada parcialmente): ${NORM.subject}`);
    // The subject's '</script>' cannot end the JSON-LD block early: it is there as an escape.
    expect(page.head).not.toContain('</script><b>');
    const ld = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Legislation',
      name: 'Ordenanza N° 2847',
      legislationIdentifier: 'Ordenanza N° 2847',
      legislationType: 'Ordenanza',
      legislationDate: '2025-12-12',
      legislationLegalForce: 'https://schema.org/PartiallyInForce',
      abstract: NORM.subject,
      url: 'http://localhost:3000/normativas/ordenanza/2847',
      encoding: { '@type': 'MediaObject', contentUrl: 'http://localhost:3000/api/v1/files/regulations-approved/abc.pdf', encodingFormat: 'application/pdf' },
      legislationChanges: [{ '@type': 'Legislation', name: 'Ordenanza N° 1610', url: 'http://localhost:3000/normativas/ordenanza/1610' }],
    });
    expect(ld.author).toEqual([
      { '@type': 'Person', name: 'María Laura Sosa' },
      { '@type': 'Person', name: 'Raúl Ortiz' },
    ]);
  });

  it.each(['/normativas/ordenanza/9999', '/normativas/minuta/1', '/normativas/ordenanza/0012', '/normativas/ordenanza/abc', '/normativas/ordinance/2847'])(
    'answers %s with a 404 page that leads back to the search',
    async (address) => {
      const page = await renderServerPage(address, stubApi());
      expect(page.status).toBe(404);
      expect(page.head).toContain('noindex');
      expect(screen.getByRole('heading', { level: 1, name: 'No encontramos esa normativa entre las publicadas.' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Buscar normativas' })).toHaveAttribute('href', '/normativas');
    },
  );

  it('says the norm could not be loaded (503, not a 404) when the API fails', async () => {
    const page = await renderServerPage('/normativas/decreto/97', vi.fn(async () => jsonResponse({ message: 'Error interno', requestId: 'r' }, 500)));
    expect(page.status).toBe(503);
    expect(screen.getByRole('heading', { level: 1, name: 'Error al obtener la normativa.' })).toBeInTheDocument();
  });
});
