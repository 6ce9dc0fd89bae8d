/**
 * The PDF cell of an agenda row: a link named after the agenda, or 'Sin PDF'. `of` completes "la orden
 * del día …" ("de la sesión del 10/03/2026, 19:00"). The rest of the name is hidden text after the visible
 * one, so that the name a screen reader or voice control uses begins with what is shown (WCAG 2.5.3).
 */
export function AgendaPdfLink({ href, of }: { href: string | null; of: string }) {
  if (!href) return <>Sin PDF</>;
  return (
    <a href={href} target="_blank" rel="noopener">
      Ver PDF <span className="visually-hidden">de la orden del día {of} (se abre en una pestaña nueva)</span>
    </a>
  );
}
