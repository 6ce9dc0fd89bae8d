/**
 * How many a list holds: "42", or "más de 1.000" when its count stopped at its bound (`total_capped`).
 * A module of its own: the public pages' small script uses it, and lib/format.ts builds date formats on load.
 */
export function formatListTotal(total: number, capped: boolean): string {
  return capped ? `más de ${total.toLocaleString('es-AR')}` : String(total);
}
