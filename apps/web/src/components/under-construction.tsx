import { useDocumentTitle } from '../lib/use-document-title';

/** The placeholder of every page a later issue fills: nothing but its heading, no fake content. */
export function UnderConstruction() {
  useDocumentTitle('En construcción');
  return <h1>En construcción</h1>;
}
