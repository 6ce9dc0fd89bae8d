import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/render-routes';
import { renderServerPage } from '../../test/render-server-page';

describe('/accesibilidad', () => {
  it('is rendered on the server for search engines too, and says what it meets, how it was tested, its limits and how to report a barrier', async () => {
    const { status, head } = await renderServerPage('/accesibilidad', async () => jsonResponse({ message: 'no' }, 404));
    expect(status).toBe(200);
    expect(head).not.toContain('noindex');
    expect(head).toContain('<link rel="canonical" href="http://localhost:3000/accesibilidad"');
    expect(screen.getByRole('heading', { level: 1, name: 'Declaración de accesibilidad' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Norma que seguimos' })).toHaveTextContent('Ley 26.653');
    expect(screen.getByRole('region', { name: 'Norma que seguimos' })).toHaveTextContent('WCAG) 2.1');
    expect(screen.getByRole('region', { name: 'Cómo lo comprobamos' })).toHaveTextContent('axe-core');
    expect(screen.getByRole('region', { name: 'Cómo lo comprobamos' })).toHaveTextContent('solo el teclado');
    expect(screen.getByRole('region', { name: 'Cómo lo comprobamos' })).toHaveTextContent('Foco visible');
    expect(screen.getByRole('region', { name: 'Límites conocidos' })).toBeInTheDocument();
    const report = screen.getByRole('region', { name: 'Cómo informar una barrera' });
    expect(within(report).getByRole('link', { name: 'Contacto' })).toHaveAttribute('href', '/#contacto');
  });

  it('is linked from the footer of every page', async () => {
    await renderServerPage('/normativas', async () => jsonResponse({ message: 'no' }, 404));
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Accesibilidad' })).toHaveAttribute('href', '/accesibilidad');
  });
});
