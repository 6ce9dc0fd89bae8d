import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes } from '../../../test/render-routes';
import { newsItem } from '../testing';
import { NewsDetailPage } from './news-detail-page';

const LIST = [6, 5, 4, 3, 2, 1].map((id) =>
  newsItem(id, { updated_at: '2026-11-21T13:00:00.000Z', video_url: id === 4 ? 'https://www.instagram.com/p/Cabc123/' : null }),
);

function stubApi() {
  const fetch = vi.fn(async (url: string) => {
    if (url.endsWith('/news/published')) return jsonResponse(LIST);
    const match = /\/news\/published\/(\d+)$/.exec(url);
    if (match) {
      const item = LIST.find((news) => news.id === Number(match[1]));
      return item ? jsonResponse(item) : jsonResponse({ message: 'No se encontró la noticia', requestId: 'r' }, 404);
    }
    return jsonResponse({ message: 'no' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const renderDetail = (url: string) => renderRoutes([{ path: '/noticia/:id', Component: NewsDetailPage }, { path: '/', Component: () => <p>inicio</p> }], { initialEntries: [url] });

describe('NewsDetailPage', () => {
  it('opened from a link, fetches the item and shows title, date, image, description and 4 related items', async () => {
    const fetch = stubApi();
    renderDetail('/noticia/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Noticia 5' })).toBeInTheDocument();
    expect(screen.getByText('21 de noviembre de 2026', { selector: 'time' })).toBeInTheDocument();
    expect(screen.getByText('noticia 5', { selector: 'strong' })).toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/v1/news/published/5');
    const related = await screen.findByRole('region', { name: 'Otras noticias' });
    const links = related.querySelectorAll('a');
    expect([...links].map((link) => link.getAttribute('href'))).toEqual(['/noticia/6', '/noticia/4', '/noticia/3', '/noticia/2']);
  });

  it("links the item's Instagram post or video, opened apart", async () => {
    stubApi();
    renderDetail('/noticia/4');
    const link = await screen.findByRole('link', { name: /^Ver la publicación en Instagram/ });
    expect(link).toHaveAttribute('href', 'https://www.instagram.com/p/Cabc123/');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it("says 'No se encontró la noticia' with a back button for an unknown id", async () => {
    stubApi();
    const { user, router } = renderDetail('/noticia/999');
    expect(await screen.findByRole('heading', { name: 'No se encontró la noticia' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Volver' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("copies the address when the device cannot share, and says 'URL copiada al portapapeles'", async () => {
    stubApi();
    expect(navigator.share).toBeUndefined();
    const { user } = renderDetail('/noticia/3');
    await user.click(await screen.findByRole('button', { name: 'Compartir' }));
    expect(await screen.findByText('URL copiada al portapapeles')).toBeInTheDocument();
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe(window.location.href);
  });
});
