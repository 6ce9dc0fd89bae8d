/**
 * 'Compartir' (spec 2.3), sent hidden: enhance/share.ts shows it and gives it its action (the device's
 * share sheet, or the address copied) on the server-rendered page.
 */
export function ShareButton({ title }: { title: string }) {
  return (
    <button type="button" className="btn btn-outline-primary" data-enhance="share" data-share-title={title} hidden>
      Compartir
    </button>
  );
}
