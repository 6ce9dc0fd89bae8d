import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/render-routes';
import { renderServerPage } from '../../test/render-server-page';

describe('/datos', () => {
  it('lists every download with what each of its columns holds, datos.gob.ar\'s Normativa ones included, from the server', async () => {
    const { status, head } = await renderServerPage('/datos', async () => jsonResponse({ message: 'no' }, 404));
    expect(status).toBe(200);
    expect(head).toContain('<link rel="canonical" href="http://localhost:3000/datos"');
    expect(screen.getByRole('heading', { level: 1, name: 'Datos abiertos' })).toBeInTheDocument();
    const norms = screen.getByRole('region', { name: 'Normativas' });
    expect(within(norms).getByRole('link', { name: 'normativas.csv' })).toHaveAttribute('href', '/api/v1/regulations/published.csv');
    expect(within(norms).getByRole('link', { name: 'normativas.json' })).toHaveAttribute('href', '/api/v1/regulations/published.json');

    const normativa = screen.getByRole('table', { name: /recurso Normativa de datos.gob.ar/ });
    const names = within(normativa).getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(names).toEqual(['norma_tipo', 'numero', 'nombre', 'organismo_origen', 'fecha_sancion', 'fecha_boletin', 'numero_boletin', 'pagina_boletin', 'texto_resumido', 'observaciones', 'url_original', 'url_texto_actual', 'modificada_por', 'modifica_a', 'region']);
    expect(within(normativa).getByRole('rowheader', { name: 'fecha_boletin' }).nextElementSibling).toHaveTextContent('Boletín Oficial');
    expect(within(screen.getByRole('table', { name: 'Columnas del sitio (normativas.csv)' })).getAllByRole('rowheader')).toHaveLength(7);
    expect(within(screen.getByRole('table', { name: 'Campos propios de normativas.json' })).getByRole('rowheader', { name: 'expediente' })).toBeInTheDocument();

    const feeds = screen.getByRole('region', { name: 'Canales de novedades (Atom)' });
    expect(within(feeds).getByRole('link', { name: 'Normas aprobadas' })).toHaveAttribute('href', '/api/v1/regulations/feed.atom');
    expect(within(feeds).getByRole('link', { name: 'Órdenes del día' })).toHaveAttribute('href', '/api/v1/day-orders/feed.atom');
  });
});
