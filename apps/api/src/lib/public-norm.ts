import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { PUBLIC_REGULATION_TYPES } from '@concejo/contracts';
import { regulations } from '../db/schema/index.js';

// What makes a norm public (DESIGN.md section 5): approved, or registered as old, and of a public type.
// One rule, in the three forms the code needs it: on values (the contracts' isPublicNorm, re-exported),
// and as SQL.
export { isPublicNorm } from '@concejo/contracts';

/** The rule as a condition on the regulations table (a query built with drizzle). */
export const publicNorm = (): SQL => and(or(eq(regulations.state, 'approved'), eq(regulations.isOld, true)), inArray(regulations.type, [...PUBLIC_REGULATION_TYPES]))!;

/** The rule on the regulations row called `alias` in a statement written by hand. */
export function publicNormAs(alias: string): SQL {
  const column = (name: string) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`;
  return sql`((${column('state')} = 'approved' or ${column('is_old')}) and ${column('type')} = any(${sql.param([...PUBLIC_REGULATION_TYPES])}::regulation_type[]))`;
}
