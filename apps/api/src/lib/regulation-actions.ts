import { REGULATION_ACTION_LABELS, type ActionDetails, type RegulationAction, type RegulationActionKind } from '@concejo/contracts';

/** A step of a trámite as stored (regulation_actions), however it was read. */
export interface StoredAction {
  id: number;
  kind: RegulationActionKind;
  date: string;
  details: Partial<ActionDetails>;
  note: string | null;
  automatic: boolean;
  pdf: string | null;
  /** The agenda an `orden_del_dia` step records (a column of its own: the step goes with the agenda). */
  dayOrderId?: number | null;
}

export const NO_ACTION_DETAILS: ActionDetails = { committee: null, majority: null, promulgation: null, veto: null, decree: null, edition: null, page: null, url: null, in_force_from: null, day_order_id: null };

/** A step as the API answers it, to the staff (modules/regulations) and on a norm's public page (modules/public-search). */
export function presentAction(row: StoredAction, pdfUrl: (key: string) => string): RegulationAction {
  return {
    id: row.id,
    kind: row.kind,
    label: REGULATION_ACTION_LABELS[row.kind],
    date: row.date,
    note: row.note,
    automatic: row.automatic,
    pdf: row.pdf ? pdfUrl(row.pdf) : null,
    ...NO_ACTION_DETAILS,
    ...row.details,
    day_order_id: row.dayOrderId ?? null,
  };
}
