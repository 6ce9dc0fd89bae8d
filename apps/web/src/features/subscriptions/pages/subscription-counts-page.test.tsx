import type { SubscriptionCounts } from '@concejo/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, logInAs, renderRoutes } from '../../../test/render-routes';
import { SubscriptionCountsPage } from './subscription-counts-page';

describe("the admin's counts", () => {
  it('show how many follow each kind of alert, and never an address', async () => {
    logInAs('admin');
    const counts: SubscriptionCounts = { confirmed: { search: 1204, regulation: 37, 'day-orders': 5 }, unconfirmed: 3 };
    const api = vi.fn(async (url: string) => (url === '/api/v1/subscriptions/counts' ? jsonResponse(counts) : jsonResponse({ message: 'no' }, 404)));
    vi.stubGlobal('fetch', api);
    renderRoutes([{ path: '/admin/suscripciones', Component: SubscriptionCountsPage }], { initialEntries: ['/admin/suscripciones'] });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['Tipo de avisoConfirmadas', 'Búsquedas de normativas1.204', 'Cambios de una norma37', 'Órdenes del día5', 'Total1.246']);
    expect(screen.getByText(/Esperando confirmación: 3/)).toBeInTheDocument();
  });
});
