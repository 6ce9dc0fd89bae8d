import { can, type RegulationType, type Role } from '@concejo/contracts';
import type { AuthUser } from '../../plugins/auth.js';

/**
 * Who may do what with a regulation, beyond the roles table: the field-level rules of DESIGN.md
 * section 7 and spec sections 4 to 6. Each predicate is one rule; the service combines them.
 */
export const regulationPolicy = {
  /** Concejales never file correspondence nor DEM messages; the ejecutivo files only DEM messages. */
  canCreateType(role: Role, type: RegulationType): boolean {
    if (role === 'ejecutivo') return type === 'dem-message';
    if (role === 'concejal') return type !== 'correspondence' && type !== 'dem-message';
    return can(role, 'regulations.create');
  },

  /** Only admin and asesor choose the state when registering; everyone else files it "en proceso". */
  canChooseStateOnCreate(role: Role): boolean {
    return role === 'admin' || role === 'asesor';
  },

  /** In the edit form the state can go either way, except for a concejal. */
  canApproveOnUpdate(role: Role): boolean {
    return role === 'admin' || role === 'asesor' || role === 'mesa';
  },

  canSetCreationDate(role: Role): boolean {
    return role === 'admin';
  },

  canSetKeywords(role: Role): boolean {
    return role !== 'concejal';
  },

  /** Mesa de Entrada registers what enters; the process PDF comes from the other roles. */
  canUploadProcessPdf(role: Role): boolean {
    return role !== 'mesa';
  },

  canUploadApprovedPdf(role: Role, onUpdate: boolean): boolean {
    return onUpdate ? regulationPolicy.canApproveOnUpdate(role) : regulationPolicy.canChooseStateOnCreate(role);
  },

  canLink(role: Role): boolean {
    return can(role, 'regulations.link');
  },

  /**
   * The DEM sub-type: admin and asesor always; on registering, also the ejecutivo (its own DEM
   * message) and Mesa de Entrada, through which the DEM's messages enter (a DEM message cannot be
   * registered without its sub-type).
   */
  canSetDemType(role: Role, onUpdate: boolean): boolean {
    return can(role, 'regulations.setDemType') || (!onUpdate && (role === 'ejecutivo' || role === 'mesa'));
  },

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
