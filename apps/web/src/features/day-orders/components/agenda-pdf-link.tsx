/**
 * The PDF cell of an agenda row: a link named after the agenda, or 'Sin PDF'. `of` completes "la orden
 * del día …" ("de la sesión del 10/03/2026, 19:00").
 */
export function AgendaPdfLink({ href, of }: { href: string | null; of: string }) {
  if (!href) return <>Sin PDF</>;
  return (
    <a href={href} target="_blank" rel="noopener" aria-label={`PDF de la orden del día ${of} (se abre en una pestaña nueva)`}>
      Ver PDF
    </a>
  );
}
