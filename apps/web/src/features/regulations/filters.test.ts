import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, readListParams, writeListParams } from './filters';

describe('the list filters in the URL', () => {
  it('round-trips every filter and the page', () => {
    const filters = {
      numberSearch: '12',
      search: 'arbolado',
      type: 'ordinance',
      state: 'approved',
      author_type: 'Concejal',
      author: 'Ana',
      from: '2024-01-01',
      to: '2024-12-31',
    };
    const params = writeListParams(filters, 3);
    expect(readListParams(new URLSearchParams(params.toString()))).toEqual({ filters, page: 3 });
  });

  it('leaves out empty filters and page 1', () => {
    expect(writeListParams({ ...EMPTY_FILTERS, search: '  ' }, 1).toString()).toBe('');
  });

  it('drops values the API would refuse and reads minutes as minute', () => {
    const { filters, page } = readListParams(new URLSearchParams('type=minutes&state=maybe&from=ayer&author_type=dem&page=-2'));
    expect(filters).toEqual({ ...EMPTY_FILTERS, type: 'minute', author_type: 'dem' });
    expect(page).toBe(1);
    expect(readListParams(new URLSearchParams('from=1849-12-31&to=9999-12-31')).filters).toEqual(EMPTY_FILTERS);
  });
});
