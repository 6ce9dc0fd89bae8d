import { can } from '@concejo/contracts';
import type { AuthUser } from '../../plugins/auth.js';

/**
 * Who may do what with a stored regulation: the rules that depend on the row. What each role may
 * set on a regulation (the fields, types and states of DESIGN.md section 7) is the contracts'
 * regulation-rules.ts, shared with the forms.
 */
export const regulationPolicy = {
  /** Old regulations are kept as loaded; a concejal edits only the ones they filed. */
  canUpdate(user: AuthUser, regulation: { isOld: boolean; createdBy: number | null }): boolean {
    if (!can(user.role, 'regulations.update') || regulation.isOld) return false;
    return user.role !== 'concejal' || regulation.createdBy === user.id;
  },

  /** Only old regulations can be deleted: the rest are legal records. */
  canDelete(user: AuthUser, regulation: { isOld: boolean }): boolean {
    return regulation.isOld && can(user.role, 'oldRegulations.delete');
  },

  canSeeDetails(user: AuthUser, regulation: { isOld: boolean }): boolean {
    return !regulation.isOld && can(user.role, 'regulations.read');
  },
};
