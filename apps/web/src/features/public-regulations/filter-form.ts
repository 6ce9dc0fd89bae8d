import { publicRegulationQuerySchema } from '@concejo/contracts';
import type { z } from 'zod';
import { SEARCH_MIN_LENGTH, type PublicRegulationFilters } from './filters';

/** The form's rules beyond the API's: each runs once its own fields passed the API's, so every error shows at once. */
const whenValid = (fields: string[]) => ({
  when: (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) => !payload.issues.some((issue) => fields.includes(String(issue.path?.[0]))),
});

/**
 * The search form: the API's filters (publicRegulationQuerySchema: lengths, types, days between 1850
 * and 2100) plus what only a person typing needs to hear (spec 9: more than 2 characters; digits in N°;
 * «Hasta» not before «Desde»), instead of an empty list.
 */
export const filterFormSchema = publicRegulationQuerySchema
  .pick({ search: true, numberSearch: true, type: true, from: true, to: true })
  .superRefine(
    ({ search }, ctx) => {
      if (search && search.length < SEARCH_MIN_LENGTH) ctx.addIssue({ code: 'custom', path: ['search'], message: 'La búsqueda necesita al menos 3 caracteres.' });
    },
    whenValid(['search']),
  )
  .superRefine(
    ({ numberSearch }, ctx) => {
      if (numberSearch && !/^\d+$/.test(numberSearch)) ctx.addIssue({ code: 'custom', path: ['numberSearch'], message: 'El número solo puede tener dígitos.' });
    },
    whenValid(['numberSearch']),
  )
  .superRefine(
    ({ from, to }, ctx) => {
      if (from && to && to < from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'La fecha «Hasta» no puede ser anterior a «Desde».' });
    },
    whenValid(['from', 'to']),
  );

/** The checked filters as the page's address carries them ('' for none). */
export function filtersOf(checked: z.output<typeof filterFormSchema>): PublicRegulationFilters {
  return { search: checked.search ?? '', numberSearch: checked.numberSearch ?? '', type: checked.type ?? '', from: checked.from ?? '', to: checked.to ?? '' };
}

/** The filters of the address as the form's values (readFilterParams lets only the public types through). */
export const formValuesOf = (filters: PublicRegulationFilters): z.input<typeof filterFormSchema> => ({ ...filters, type: filters.type as z.input<typeof filterFormSchema>['type'] });
