import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

describe('the pager', () => {
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
