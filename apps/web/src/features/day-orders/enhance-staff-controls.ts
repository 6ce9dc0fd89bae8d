import { can } from '@concejo/contracts';
import type { Enhancer } from '../../enhance/enhancer';
import { getSession, subscribeToSession } from '../../lib/session';

/**
 * The staff's controls of /ver-orden-dia (staff-controls.ts), for a browser whose session may create or
 * delete agendas: loaded only then, so that a visitor's page carries none of it. They follow the
 * session (a login or logout in another tab).
 */
export const enhanceDayOrderStaffControls: Enhancer = (list) => {
  let remove = () => {};
  let current = 0;
  const show = () => {
    remove();
    remove = () => {};
    const role = getSession()?.role ?? null;
    if (!role || !(can(role, 'dayOrders.create') || can(role, 'dayOrders.delete'))) return;
    const attempt = ++current;
    void import('./staff-controls').then(({ addStaffControls }) => {
      if (attempt === current) remove = addStaffControls(list, role);
    });
  };
  show();
  const unsubscribe = subscribeToSession(show);
  return () => {
    current += 1;
    unsubscribe();
    remove();
  };
};
