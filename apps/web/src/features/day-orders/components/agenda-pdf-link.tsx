/** The PDF cell of an agenda row: a link named after the agenda's date, or 'Sin PDF'. */
export function AgendaPdfLink({ href, created }: { href: string | null; created: string }) {
  if (!href) return <>Sin PDF</>;
  return (
    <a href={href} target="_blank" rel="noopener" aria-label={`PDF de la orden del día del ${created} (se abre en una pestaña nueva)`}>
      Ver PDF
    </a>
  );
}
