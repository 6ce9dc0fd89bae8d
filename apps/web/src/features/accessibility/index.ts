// The accessibility statement (issue 17), loaded when it is opened.
export const loadAccessibilityPage = async () => ({ Component: (await import('./pages/accessibility-page')).AccessibilityPage });
// What the server rendering needs of it (src/server/server-pages.ts).
export { accessibilityServerPage } from './server-pages';
