export const MAIN_CONTENT_ID = 'contenido-principal';

/** The first thing a keyboard reaches: jumps over the navigation to the page's content. */
export function SkipLink() {
  return (
    <a className="skip-link visually-hidden-focusable" href={`#${MAIN_CONTENT_ID}`}>
      Saltar al contenido principal
    </a>
  );
}
