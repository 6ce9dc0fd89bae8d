import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render-routes';
import { renderServerPage } from '../../../test/render-server-page';
import { newsItem } from '../testing';

const LIST = [6, 5, 4, 3, 2, 1].map((id) =>
  newsItem(id, { updated_at: '2026-11-21T13:00:00.000Z', video_url: id === 4 ? 'https://www.instagram.com/p/Cabc123/' : null }),
);

function stubApi() {
  return vi.fn(async (url: string) => {
    if (url.endsWith('/news/published')) return jsonResponse(LIST);
    const match = /\/news\/published\/(\d+)$/.exec(url);
    if (match) {
      const item = LIST.find((news) => news.id === Number(match[1]));
      return item ? jsonResponse(item) : jsonResponse({ message: 'No se encontró la noticia', requestId: 'r' }, 404);
    }
    return jsonResponse({ message: 'no' }, 404);
  });
}

describe('NewsDetailPage', () => {
  it('shows title, date, image, description and 4 related items, fetched by the server', async () => {
    const api = stubApi();
    await renderServerPage('/noticia/5', api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Noticia 5' })).toBeInTheDocument();
    expect(screen.getByText('21 de noviembre de 2026', { selector: 'time' })).toBeInTheDocument();
    expect(screen.getByText('noticia 5', { selector: 'strong' })).toBeInTheDocument();
    expect(api.mock.calls.map(([url]) => String(url))).toContain('/api/v1/news/published/5');
    const related = await screen.findByRole('region', { name: 'Otras noticias' });
    const links = related.querySelectorAll('a');
    expect([...links].map((link) => link.getAttribute('href'))).toEqual(['/noticia/6', '/noticia/4', '/noticia/3', '/noticia/2']);
  });

  it("links the item's Instagram post or video, opened apart", async () => {
    await renderServerPage('/noticia/4', stubApi());
    const link = await screen.findByRole('link', { name: /^Ver la publicación en Instagram/ });
    expect(link).toHaveAttribute('href', 'https://www.instagram.com/p/Cabc123/');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it("says 'No se encontró la noticia' (a 404) with a way back home for an unknown id", async () => {
    const page = await renderServerPage('/noticia/999', stubApi());
    expect(page.status).toBe(404);
    expect(screen.getByRole('heading', { name: 'No se encontró la noticia' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/');
  });

  it("'Volver' goes back when the reader came from a page of this site", async () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    vi.spyOn(document, 'referrer', 'get').mockReturnValue(`${window.location.origin}/`);
    const { user } = await renderServerPage('/noticia/3', stubApi());
    window.history.pushState(null, '', '/noticia/3');
    await user.click(screen.getByRole('link', { name: 'Volver' }));
    expect(back).toHaveBeenCalled();
  });

  it("copies the address when the device cannot share, and says 'URL copiada al portapapeles'", async () => {
    expect(navigator.share).toBeUndefined();
    const { user } = await renderServerPage('/noticia/3', stubApi());
    await user.click(screen.getByRole('button', { name: 'Compartir' }));
    expect(await screen.findByText('URL copiada al portapapeles')).toBeInTheDocument();
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe(window.location.href);
  });
});
