// The script of a page rendered on the server (DESIGN.md section 6, ARCHITECTURE.md "Public pages"):
// no React here. The page already reads and works as HTML (links, GET forms); this adds what needs a
// script, element by element, to whatever carries a data-enhance attribute.
import '../styles/theme.scss';
import { enhanceAll } from '../enhance';
import { PAGE_ENHANCERS } from './enhancers';

enhanceAll(document, PAGE_ENHANCERS);
