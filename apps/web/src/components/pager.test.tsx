import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, useSearchParams } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it, vi } from 'vitest';
import { Pager, pageWindow } from './pager';

describe('pageWindow', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 4, 5]],
    [2, 10, [1, 2, 3, 4, 5]],
    [3, 10, [1, 2, 3, 4, 5]],
    [4, 10, [2, 3, 4, 5, 6]],
    [6, 10, [4, 5, 6, 7, 8]],
    [9, 10, [6, 7, 8, 9, 10]],
    [10, 10, [6, 7, 8, 9, 10]],
    [15, 10, [6, 7, 8, 9, 10]],
    [1, 0, []],
  ])('page %i of %i shows %j', (current, last, expected) => {
    expect(pageWindow(current, last)).toEqual(expected);
  });
});

describe('the pager of a list kept in memory', () => {
  it('names every button, marks the current page and moves to the page asked for', async () => {
    const onPageChange = vi.fn();
    render(<Pager currentPage={4} lastPage={9} onPageChange={onPageChange} label="Paginación de normativas" />);
    expect(screen.getByRole('navigation', { name: 'Paginación de normativas' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página 4' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Página 5' })).not.toHaveAttribute('aria-current');
    expect(screen.queryByRole('button', { name: 'Página 1' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Primera página' }));
    await user.click(screen.getByRole('button', { name: 'Página anterior' }));
    await user.click(screen.getByRole('button', { name: 'Página 6' }));
    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await user.click(screen.getByRole('button', { name: 'Última página' }));
    expect(onPageChange.mock.calls.map(([page]) => page)).toEqual([1, 3, 6, 5, 9]);
  });

  it('disables first and previous on the first page, next and last on the last one', () => {
    const { rerender } = render(<Pager currentPage={1} lastPage={3} onPageChange={() => {}} label="Páginas" />);
    expect(screen.getByRole('button', { name: 'Primera página' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Página anterior' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Página siguiente' })).toBeEnabled();
    rerender(<Pager currentPage={3} lastPage={3} onPageChange={() => {}} label="Páginas" />);
    expect(screen.getByRole('button', { name: 'Última página' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Página siguiente' })).toBeDisabled();
  });

  it('is not shown for a single page', () => {
    render(<Pager currentPage={1} lastPage={1} onPageChange={() => {}} label="Páginas" />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});

/** A list kept in the address: the page comes from ?page=, and each page's link keeps the other parameters. */
function AddressList({ onPageChange }: { onPageChange?: (page: number) => void }) {
  const [params] = useSearchParams();
  const current = Number(params.get('page') ?? 1);
  const pageHref = (page: number) => {
    const next = new URLSearchParams(params);
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    return { search: next.toString() };
  };
  return <Pager currentPage={current} lastPage={9} pageHref={pageHref} onPageChange={onPageChange} label="Paginación de normativas" />;
}

function renderAddressList(url: string, onPageChange?: (page: number) => void) {
  const router = createMemoryRouter([{ path: '/normativas', element: <AddressList onPageChange={onPageChange} /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('the pager of a list kept in the address', () => {
  it('is made of links to each page that keep the other parameters, which work without JavaScript', () => {
    renderAddressList('/normativas?search=tasas&page=4');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Primera página' })).toHaveAttribute('href', '/normativas?search=tasas');
    expect(screen.getByRole('link', { name: 'Página anterior' })).toHaveAttribute('href', '/normativas?search=tasas&page=3');
    expect(screen.getByRole('link', { name: 'Página 2' })).toHaveAttribute('href', '/normativas?search=tasas&page=2');
    expect(screen.getByRole('link', { name: 'Página 4' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Página 5' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Página siguiente' })).toHaveAttribute('href', '/normativas?search=tasas&page=5');
    expect(screen.getByRole('link', { name: 'Última página' })).toHaveAttribute('href', '/normativas?search=tasas&page=9');
  });

  it('shows first and previous as unavailable links without an address on the first page, next and last on the last one', () => {
    renderAddressList('/normativas');
    for (const name of ['Primera página', 'Página anterior']) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('aria-disabled', 'true');
      expect(screen.getByRole('link', { name })).not.toHaveAttribute('href');
    }
    expect(screen.getByRole('link', { name: 'Página siguiente' })).toHaveAttribute('href', '/normativas?page=2');
    expect(screen.getByRole('link', { name: 'Página 1' })).toHaveAttribute('href', '/normativas');
  });

  it('moves to the page clicked without reloading, and tells the list (to move the focus)', async () => {
    const onPageChange = vi.fn();
    const router = renderAddressList('/normativas?search=tasas', onPageChange);
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Página 3' }));
    expect(router.state.location.search).toBe('?search=tasas&page=3');
    expect(await screen.findByRole('link', { name: 'Página 3', current: 'page' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Última página' }));
    expect(router.state.location.search).toBe('?search=tasas&page=9');
    expect(onPageChange.mock.calls.map(([page]) => page)).toEqual([3, 9]);
  });
});
