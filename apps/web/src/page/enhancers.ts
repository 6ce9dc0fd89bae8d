import { ENHANCERS } from '../enhance';
import { filterFormEnhancer, type FormCheck } from '../enhance/get-form';
import { enhanceLoginForm } from '../features/auth';
import { dayOrderFilterErrors, enhanceDayOrderStaffControls } from '../features/day-orders';
import { regulationFilterErrors } from '../features/public-regulations';
import { enhanceSubscribe, enhanceUnsubscribe } from '../features/subscriptions';

/** The rules of the public filter forms, by the name their data-check attribute gives (useGetForm's checkName). */
export const FORM_CHECKS: Record<string, FormCheck> = {
  regulations: (values) => regulationFilterErrors({ search: '', numberSearch: '', type: '', legal_force: '', from: '', to: '', estado: '', ...values }),
  'day-orders': (values) => dayOrderFilterErrors({ from: '', to: '', ...values }),
};

/** Every behaviour a server-rendered page can ask for: the generic ones and the features' forms. */
export const PAGE_ENHANCERS = {
  ...ENHANCERS,
  'get-form': filterFormEnhancer(FORM_CHECKS),
  'login-form': enhanceLoginForm,
  subscribe: enhanceSubscribe,
  unsubscribe: enhanceUnsubscribe,
  'day-orders-staff': enhanceDayOrderStaffControls,
};
