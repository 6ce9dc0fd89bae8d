import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rememberedQueryCompiler } from './remembered-queries.js';

describe('rememberedQueryCompiler', () => {
  let checks = 0;
  const schema = z.object({
    page: z.coerce.number().int().min(1).default(1),
    search: z.preprocess((value) => {
      checks += 1;
      return typeof value === 'string' ? value.trim() : value;
    }, z.string().max(20).optional()),
  });
  const compile = (httpPart: 'querystring' | 'body') => rememberedQueryCompiler({ schema, method: 'GET', url: '/x', httpPart }) as (data: unknown) => { value?: unknown; error?: unknown };

  it('checks a query string once and hands the same frozen result to every request that repeats it', () => {
    const validate = compile('querystring');
    checks = 0;
    const first = validate({ page: '2', search: ' agua ' });
    const again = validate({ page: '2', search: ' agua ' });
    expect(first.value).toEqual({ page: 2, search: 'agua' });
    expect(again.value).toBe(first.value);
    expect(checks).toBe(1);
    expect(Object.isFrozen(first.value)).toBe(true);
    expect(() => {
      (first.value as { page: number }).page = 3;
    }).toThrow(TypeError);
    // The same fields in another order are another query string: checked on their own.
    expect(validate({ search: ' agua ', page: '2' }).value).toEqual({ page: 2, search: 'agua' });
    expect(checks).toBe(2);
  });

  it('checks an invalid query every time (its error is not shared), and a body always', () => {
    const validate = compile('querystring');
    checks = 0;
    expect(validate({ page: '0' }).error).toBeDefined();
    expect(validate({ page: '0' }).error).toBeDefined();
    expect(validate({ search: 'x'.repeat(21) }).error).toBeDefined();
    const body = compile('body');
    body({ search: 'agua' });
    body({ search: 'agua' });
    // Five checks, five runs of the schema.
    expect(checks).toBe(5);
  });

  it('remembers the 500 most recently asked queries and forgets the oldest', () => {
    const validate = compile('querystring');
    for (let page = 1; page <= 501; page += 1) validate({ page: String(page), search: 'luz' });
    checks = 0;
    validate({ page: '501', search: 'luz' });
    validate({ page: '2', search: 'luz' });
    expect(checks).toBe(0);
    validate({ page: '1', search: 'luz' });
    expect(checks).toBe(1);
  });
});
