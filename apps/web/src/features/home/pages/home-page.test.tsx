import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render-routes';
import { renderServerPage } from '../../../test/render-server-page';
import { OUTSIDE_SERVICES_WAIT_MS } from '../server-pages';
import { banner, newsItem } from '../testing';

const SITE = {
  council_name: 'Concejo Deliberante de Villa del Parque',
  town_name: 'Villa del Parque',
  town_region: 'Buenos Aires',
  social: { instagram: 'https://www.instagram.com/concejo', facebook: null, youtube: 'https://www.youtube.com/@concejo' },
  services: { weather: true, videos: true },
  contact: { address: 'Av. San Martín 450, Villa del Parque', phone: '(011) 4586-1200', email: 'mesadeentradas@concejo.example', hours: 'Lunes a viernes de 8 a 14 h' },
};

type Answers = Partial<Record<'site' | 'banners' | 'news' | 'contact' | 'videos' | 'weather', Response | (() => Response | Promise<Response>)>>;

function stubApi(answers: Answers = {}) {
  const answer = (key: keyof Answers, fallback: () => Response) => {
    const given = answers[key];
    return typeof given === 'function' ? given() : (given ?? fallback());
  };
  return vi.fn(async (url: string) => {
    if (url.endsWith('/public/site')) return answer('site', () => jsonResponse(SITE));
    if (url.endsWith('/banners/published')) return answer('banners', () => jsonResponse([banner(1, { alt: 'Plaza principal' }), banner(2, { caption: true, title: 'Sesión especial', description: 'Jueves 19 h' })]));
    if (url.endsWith('/news/published')) return answer('news', () => jsonResponse(Array.from({ length: 8 }, (_, index) => newsItem(20 - index))));
    if (url.endsWith('/contact')) return answer('contact', () => jsonResponse([]));
    if (url.endsWith('/public/videos')) return answer('videos', () => new Response(null, { status: 204 }));
    if (url.endsWith('/public/weather')) return answer('weather', () => new Response(null, { status: 204 }));
    return jsonResponse({ message: 'no' }, 404);
  });
}

/** The home page as the server sends it, with its script. */
const renderHome = (answers: Answers = {}, url = '/') => renderServerPage(url, stubApi(answers));

describe('HomePage', () => {
  it('shows the banners: the first eager with its alt, the rest lazy named by number, captions only when flagged', async () => {
    await renderHome();
    const first = await screen.findByRole('img', { name: 'Plaza principal' });
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first.getAttribute('srcset')).toContain('/api/v1/files/banners/1-1600.webp 1600w');
    const second = screen.getByRole('img', { name: 'Banner 2' });
    expect(second).toHaveAttribute('loading', 'lazy');
    expect(screen.getByRole('heading', { name: 'Sesión especial' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mostrar banner 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /anterior|siguiente|previous|next/i })).not.toBeInTheDocument();
  });

  it("shows 6 news cards, 6 more with 'Ver más' and 6 fewer with 'Ver menos', in place, the address following", async () => {
    const { user } = await renderHome();
    const section = screen.getByRole('region', { name: 'Noticias' });
    within(section).getByRole('heading', { name: 'Noticia 20' });
    expect(within(section).getAllByRole('article')).toHaveLength(6);
    expect(within(section).queryByRole('link', { name: 'Ver menos' })).not.toBeInTheDocument();
    const more = within(section).getByRole('link', { name: 'Ver más' });
    // Without the script, a link to the same page with more cards.
    expect(more).toHaveAttribute('href', '/?noticias=12#noticias');
    await user.click(more);
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(8));
    expect(window.location.search).toBe('?noticias=12');
    // The reader goes on from the first new card.
    expect(document.activeElement).toHaveAccessibleName('Ver más: Noticia 14');
    // A screen reader hears how many there are now.
    expect(document.getElementById('page-announcer')).toHaveTextContent('Se muestran 8 noticias.');
    expect(within(section).queryByRole('link', { name: 'Ver más' })).not.toBeInTheDocument();
    await user.click(within(section).getByRole('link', { name: 'Ver menos' }));
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(6));
    expect(document.getElementById('page-announcer')).toHaveTextContent('Se muestran 6 noticias.');
    expect(window.location.search).toBe('');
    expect(within(section).getByRole('link', { name: 'Ver más: Noticia 20' })).toHaveAttribute('href', '/noticia/20');
    expect(within(section).getAllByText(/Texto de la noticia/)[0]).toHaveTextContent('Texto de la noticia 20.');
  });

  it("shows the more cards a shared address asks for ('/?noticias=12')", async () => {
    await renderHome({}, '/?noticias=12');
    expect(within(screen.getByRole('region', { name: 'Noticias' })).getAllByRole('article')).toHaveLength(8);
  });

  it("keeps the cards and says so with a toast when 'Ver más' cannot reach the server", async () => {
    const { user, fetch } = await renderHome();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const section = screen.getByRole('region', { name: 'Noticias' });
    await user.click(within(section).getByRole('link', { name: 'Ver más' }));
    expect(await screen.findByText('No se pudieron cargar más noticias. Inténtelo de nuevo.')).toBeInTheDocument();
    expect(within(section).getAllByRole('article')).toHaveLength(6);
  });

  it('shows the town, the rounded temperature and the icon of the weather', async () => {
    await renderHome({
      weather: jsonResponse({ location: { name: 'Villa del Parque', region: 'Buenos Aires' }, current: { temp_c: 23.6, condition: { text: 'Soleado', icon: 'https://cdn.weatherapi.com/weather/64x64/day/113.png' } } }),
    });
    expect(await screen.findByText('24 °C')).toBeInTheDocument();
    expect(screen.getByText('Villa del Parque, Buenos Aires')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Soleado' })).toHaveAttribute('src', 'https://cdn.weatherapi.com/weather/64x64/day/113.png');
  });

  it('does not wait longer than its limit for a weather service that does not answer', async () => {
    const started = Date.now();
    await renderHome({ weather: () => new Promise<Response>(() => {}) });
    expect(Date.now() - started).toBeLessThan(OUTSIDE_SERVICES_WAIT_MS + 3000);
    expect(screen.getByText('Clima no disponible por el momento.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Noticias' })).toBeInTheDocument();
  });

  it('embeds up to 3 session videos with their titles and invites to the channel', async () => {
    await renderHome({
      videos: jsonResponse({ items: [{ id: { videoId: 'aBcDeFgHiJ1' }, snippet: { title: 'Sesión Ordinaria' } }] }),
    });
    const frame = await screen.findByTitle('Sesión Ordinaria');
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/aBcDeFgHiJ1');
    expect(frame).toHaveAttribute('width', '325');
    expect(frame).toHaveAttribute('height', '183');
    expect(frame).toHaveAttribute('loading', 'lazy');
    const sessions = screen.getByRole('region', { name: 'Sesiones' });
    expect(within(sessions).getByRole('link', { name: /nuestro canal de YouTube/ })).toHaveAttribute('href', 'https://www.youtube.com/@concejo');
  });

  it('shows no invitation to the channel when no YouTube channel is configured', async () => {
    await renderHome({
      site: jsonResponse({ ...SITE, social: { ...SITE.social, youtube: null } }),
      videos: jsonResponse({ items: [{ id: { videoId: 'aBcDeFgHiJ1' }, snippet: { title: 'Sesión Ordinaria' } }] }),
    });
    await screen.findByRole('heading', { name: SITE.council_name });
    const sessions = screen.getByRole('region', { name: 'Sesiones' });
    await within(sessions).findByTitle('Sesión Ordinaria');
    expect(within(sessions).queryByText(/canal de YouTube/)).not.toBeInTheDocument();
    expect(within(sessions).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says so when a configured service has nothing to give: no videos, no weather; and when there are no contact images', async () => {
    await renderHome();
    expect(await screen.findByText('No hay videos de sesiones para mostrar en este momento.')).toBeInTheDocument();
    expect(await screen.findByText('Clima no disponible por el momento.')).toBeInTheDocument();
    expect(await screen.findByText('No hay imágenes disponibles.')).toBeInTheDocument();
  });

  it('leaves out the weather and the videos on a fresh install without their keys, keeping the link to a known channel', async () => {
    const api = stubApi({ site: jsonResponse({ ...SITE, services: { weather: false, videos: false } }) });
    await renderServerPage('/', api);
    await screen.findByRole('heading', { name: SITE.council_name });
    expect(screen.queryByText(/Clima/)).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Clima actual' })).not.toBeInTheDocument();
    const sessions = screen.getByRole('region', { name: 'Sesiones' });
    expect(within(sessions).queryByText(/No hay videos/)).not.toBeInTheDocument();
    expect(within(sessions).getByRole('link', { name: /nuestro canal de YouTube/ })).toHaveAttribute('href', 'https://www.youtube.com/@concejo');

    // Without a channel either, no 'Sesiones' block at all.
    await renderHome({ site: jsonResponse({ ...SITE, social: { ...SITE.social, youtube: null }, services: { weather: false, videos: false } }) });
    await screen.findByRole('heading', { name: SITE.council_name });
    expect(screen.queryByRole('region', { name: 'Sesiones' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Noticias' })).toBeInTheDocument();
  });

  it('links the configured social profiles only, with names', async () => {
    await renderHome();
    const strip = await screen.findByRole('navigation', { name: 'Redes sociales del Concejo' });
    const links = within(strip).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://www.instagram.com/concejo', 'https://www.youtube.com/@concejo']);
    expect(links[0]).toHaveAccessibleName('Instagram (se abre en una pestaña nueva)');
  });

  it('shows both contact images with their sizes and the texts the cm wrote, so that the page does not jump as they load', async () => {
    await renderHome({
      contact: jsonResponse([
        {
          image_left: '/l.png',
          image_right: '/r.png',
          images_left: [{ url: '/l-480.webp', width: 480 }],
          images_right: [],
          image_left_width: 1200,
          image_left_height: 900,
          image_right_width: 600,
          image_right_height: 400,
          image_left_alt: 'Mesa de Entradas: Av. San Martín 450, de 8 a 14 h.',
          // Uploaded before texts were asked for.
          image_right_alt: null,
        },
      ]),
    });
    const section = await screen.findByRole('region', { name: 'Contacto' });
    await waitFor(() => expect(within(section).getAllByRole('img')).toHaveLength(2));
    const images = within(section).getAllByRole('img');
    expect(images.map((image) => image.getAttribute('alt'))).toEqual(['Mesa de Entradas: Av. San Martín 450, de 8 a 14 h.', 'Información de contacto del Concejo (imagen derecha)']);
    expect(images.map((image) => image.getAttribute('src'))).toEqual(['/l-480.webp', '/r.png']);
    expect(images.map((image) => [image.getAttribute('width'), image.getAttribute('height')])).toEqual([
      ['1200', '900'],
      ['600', '400'],
    ]);
  });

  it("gives the council's contact details as text in 'Contacto' and in the footer: the phone and the e-mail as links", async () => {
    await renderHome();
    const section = await screen.findByRole('region', { name: 'Contacto' });
    for (const place of [section, screen.getByRole('contentinfo')]) {
      const address = place.querySelector('address')!;
      expect(address).toHaveTextContent('Av. San Martín 450, Villa del Parque');
      expect(address).toHaveTextContent('Lunes a viernes de 8 a 14 h');
      expect(within(address).getByRole('link', { name: '(011) 4586-1200' })).toHaveAttribute('href', 'tel:01145861200');
      expect(within(address).getByRole('link', { name: 'mesadeentradas@concejo.example' })).toHaveAttribute('href', 'mailto:mesadeentradas@concejo.example');
    }
    // Before any image is uploaded, the section still says so (spec 2.3) under the details.
    expect(within(section).getByText('No hay imágenes disponibles.')).toBeInTheDocument();
  });

  it('leaves out a detail that is not configured, and the whole block when none is (or the server predates them)', async () => {
    await renderHome({ site: jsonResponse({ ...SITE, contact: { address: null, phone: '+54 11 4586-1200', email: null, hours: null } }) });
    const section = await screen.findByRole('region', { name: 'Contacto' });
    const address = section.querySelector('address')!;
    expect(within(address).getByRole('link')).toHaveAttribute('href', 'tel:+541145861200');
    expect(address).not.toHaveTextContent('Dirección');
    expect(address).not.toHaveTextContent('Correo electrónico');

    const { contact: _none, ...older } = SITE;
    await renderHome({ site: jsonResponse(older) });
    await screen.findByRole('heading', { name: SITE.council_name });
    expect(document.querySelector('address')).toBeNull();
  });

  it("shows the red toast 'Error al obtener los banners' when the banners fail", async () => {
    await renderHome({ banners: () => jsonResponse({ message: 'Error interno.', requestId: 'x' }, 500) });
    expect(await screen.findByText('Error al obtener los banners', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('says a failed news list and contact images failed, not that there are none, and asks again with Reintentar', async () => {
    const failure = () => jsonResponse({ message: 'Error interno.', requestId: 'x' }, 500);
    await renderHome({ news: failure, contact: failure });
    const news = await screen.findByRole('region', { name: 'Noticias' });
    expect(await within(news).findByText('No se pudieron cargar las noticias.')).toBeInTheDocument();
    expect(within(news).queryByText('No hay noticias publicadas.')).not.toBeInTheDocument();
    const contact = screen.getByRole('region', { name: 'Contacto' });
    expect(await within(contact).findByText('No se pudieron cargar las imágenes de contacto.')).toBeInTheDocument();
    expect(within(contact).queryByText('No hay imágenes disponibles.')).not.toBeInTheDocument();
    // Asking again is loading the page again (a link: it works without a script).
    expect(within(news).getByRole('link', { name: 'Reintentar' })).toHaveAttribute('href', '/#noticias');
    expect(within(contact).getByRole('link', { name: 'Reintentar' })).toHaveAttribute('href', '/#contacto');
  });

  it('shows a news item without a picture as a text card with more of its text, and no image', async () => {
    const long = `<p>${'Propuestas para el presupuesto participativo. '.repeat(12)}</p>`;
    await renderHome({ news: jsonResponse([newsItem(5, { image: null, images: [], image_width: null, image_height: null, description: long }), newsItem(4)]) });
    const card = (await screen.findByRole('heading', { name: 'Noticia 5' })).closest('article')!;
    expect(card).toHaveClass('news-card-text-only');
    expect(card.querySelector('img')).toBeNull();
    const withPicture = screen.getByRole('heading', { name: 'Noticia 4' }).closest('article')!;
    expect(withPicture).not.toHaveClass('news-card-text-only');
    // More than the 160 characters of a card with a picture: the text takes the picture's room.
    expect(card.querySelector('.card-text')!.textContent!.length).toBeGreaterThan(300);
  });
});
