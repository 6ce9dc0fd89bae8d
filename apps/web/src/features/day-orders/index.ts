// Pages load on demand. The public list stays light; the staff pages load inside the staff panel only.
export const loadPublicDayOrdersPage = async () => ({ Component: (await import('./pages/public-day-orders-page')).PublicDayOrdersPage });
export const loadStaffDayOrdersPage = async () => ({ Component: (await import('./pages/staff-day-orders-page')).StaffDayOrdersPage });
export const loadDayOrderCreatePage = async () => ({ Component: (await import('./pages/day-order-create-page')).DayOrderCreatePage });
export const loadSessionSummariesPage = async () => ({ Component: (await import('./pages/session-summaries-page')).SessionSummariesPage });
export const loadSessionSummaryPage = async () => ({ Component: (await import('./pages/session-summary-page')).SessionSummaryPage });
// What the server rendering needs of these pages (src/server/server-pages.ts); never in a browser chunk.
export { publicDayOrdersServerPage } from './server-pages';
// The filter form's rules and the staff's controls, for the server-rendered page's script (src/page/enhancers.ts).
export { filterErrors as dayOrderFilterErrors } from './filters';
export { enhanceDayOrderStaffControls } from './enhance-staff-controls';
