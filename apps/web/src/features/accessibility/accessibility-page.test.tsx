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

  it('names the means of contact as text, addressing the reader as usted', async () => {
    const site = {
      council_name: 'Concejo Deliberante',
      town_name: 'Villa del Parque',
      town_region: 'Buenos Aires',
      contact: { address: 'Av. San Martín 450, Villa del Parque', phone: '(011) 4586-1200', email: 'mesadeentradas@concejo.example', hours: 'Lunes a viernes de 8 a 14 h' },
    };
    await renderServerPage('/accesibilidad', async (url: string) => (url.endsWith('/public/site') ? jsonResponse(site) : jsonResponse({ message: 'no' }, 404)));
    const report = screen.getByRole('region', { name: 'Cómo informar una barrera' });
    expect(report).toHaveTextContent('Si algo del sitio no le resulta accesible, avísenos');
    expect(report).toHaveTextContent('Puede comunicarse con el Concejo por estos medios');
    expect(report).not.toHaveTextContent(/\b(te|tú|puedes|dinos|avísanos)\b/i);
    const address = report.querySelector('address')!;
    expect(address).toHaveTextContent('Av. San Martín 450, Villa del Parque');
    expect(address).toHaveTextContent('Lunes a viernes de 8 a 14 h');
    expect(within(address).getByRole('link', { name: '(011) 4586-1200' })).toHaveAttribute('href', 'tel:01145861200');
    expect(within(address).getByRole('link', { name: 'mesadeentradas@concejo.example' })).toHaveAttribute('href', 'mailto:mesadeentradas@concejo.example');
  });

  it('sends to the Contacto section when the server has no contact details', async () => {
    await renderServerPage('/accesibilidad', async () => jsonResponse({ message: 'no' }, 404));
    const report = screen.getByRole('region', { name: 'Cómo informar una barrera' });
    expect(report).toHaveTextContent('Puede escribirnos por los medios de la sección Contacto de la página de inicio.');
    expect(report.querySelector('address')).toBeNull();
  });

  it('is linked from the footer of every page', async () => {
    await renderServerPage('/normativas', async () => jsonResponse({ message: 'no' }, 404));
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Accesibilidad' })).toHaveAttribute('href', '/accesibilidad');
  });
});
