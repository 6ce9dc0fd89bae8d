import type { Panel } from '@concejo/contracts';
import type { PanelPage } from '../lib/paths';

/** The child pages of each protected group, exactly as spec 2.2 lists them. */
export const PANEL_PAGES: Record<Panel, readonly PanelPage[]> = {
  '/admin': [
    'root',
    'dayOrderCreate',
    'regulationCreate',
    'oldRegulationCreate',
    'regulationEdit',
    'regulationDetails',
    'usersManage',
    'userRegister',
    'profile',
    'sessionSummaries',
    'sessionSummary',
  ],
  '/asesor-concejal': [
    'root',
    'dayOrderCreate',
    'regulationCreate',
    'regulationEdit',
    'regulationDetails',
    'profile',
    'sessionSummaries',
    'sessionSummary',
  ],
  '/ejecutivo': ['root', 'regulationCreate', 'regulationDetails', 'profile', 'sessionSummaries'],
  '/cm': ['root', 'bannerCreate', 'newsManage', 'newsCreate', 'contactsUpload', 'profile'],
};
