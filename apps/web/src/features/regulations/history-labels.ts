import {
  AUTHOR_TYPE_LABELS,
  DEM_TYPE_LABELS,
  REGULATION_STATE_LABELS,
  REGULATION_TYPE_LABELS,
  type Modification,
} from '@concejo/contracts';
import type { CouncilDates } from '../../lib/format';

const FIELD_LABELS: Record<string, string> = {
  created_at: 'Fecha de creación',
  type: 'Tipo',
  dem_type: 'Tipo de normativa del DEM',
  message: 'Mensaje',
  number: 'Número',
  author_type: 'Tipo de autor',
  authors: 'Autores',
  state: 'Estado',
  keywords: 'Palabras clave',
  subject: 'Tema',
  pdf_process: 'PDF en proceso',
  pdf_approved: 'PDF aprobado',
  regulations_modified: 'Normas que modifica',
  regulations_that_modify: 'Normas que la modifican',
  modifies: 'Normas que modifica',
  modified_by: 'Normas que la modifican',
  modifiedBy: 'Normas que la modifican',
};

const RELATION_LABELS: Record<string, { added: string; removed: string }> = {
  authors: { added: 'Autor agregado', removed: 'Autor eliminado' },
  keywords: { added: 'Palabra clave agregada', removed: 'Palabra clave eliminada' },
  modifies: { added: 'Norma que modifica agregada', removed: 'Norma que modifica eliminada' },
  modifiedBy: { added: 'Norma que la modifica agregada', removed: 'Norma que la modifica eliminada' },
  repeals: { added: 'Norma que deroga agregada', removed: 'Norma que deroga eliminada' },
  repealedBy: { added: 'Norma que la deroga agregada', removed: 'Norma que la deroga eliminada' },
  partiallyRepeals: { added: 'Norma que deroga parcialmente agregada', removed: 'Norma que deroga parcialmente eliminada' },
  partiallyRepealedBy: { added: 'Norma que la deroga parcialmente agregada', removed: 'Norma que la deroga parcialmente eliminada' },
  regulates: { added: 'Norma que reglamenta agregada', removed: 'Norma que reglamenta eliminada' },
  regulatedBy: { added: 'Norma que la reglamenta agregada', removed: 'Norma que la reglamenta eliminada' },
  suspends: { added: 'Norma que suspende agregada', removed: 'Norma que suspende eliminada' },
  suspendedBy: { added: 'Norma que la suspende agregada', removed: 'Norma que la suspende eliminada' },
  extends: { added: 'Norma que prorroga agregada', removed: 'Norma que prorroga eliminada' },
  extendedBy: { added: 'Norma que la prorroga agregada', removed: 'Norma que la prorroga eliminada' },
};

const RELATION = /^relation:\s*(\w+)\s*-\s*(added|removed)$/;

/** The Spanish name of what a history row changed: 'relation: keywords - added' -> 'Palabra clave agregada'. */
export function historyFieldLabel(nameCell: string): string {
  const relation = nameCell.match(RELATION);
  if (relation) {
    const [, list, change] = relation as unknown as [string, string, 'added' | 'removed'];
    return RELATION_LABELS[list]?.[change] ?? `${FIELD_LABELS[list] ?? list}: ${change === 'added' ? 'agregado' : 'eliminado'}`;
  }
  return FIELD_LABELS[nameCell] ?? nameCell;
}

const VALUE_LABELS: Record<string, Record<string, string>> = {
  state: REGULATION_STATE_LABELS,
  type: REGULATION_TYPE_LABELS,
  dem_type: DEM_TYPE_LABELS,
  author_type: AUTHOR_TYPE_LABELS,
};

/** A history value as staff read it: states, types and author types by their labels, dates formatted. */
export function historyValueLabel(nameCell: string, value: string | null, dates: CouncilDates): string {
  if (value === null || value === '') return '—';
  if (nameCell === 'created_at') return dates.formatDateTime(value);
  return VALUE_LABELS[nameCell]?.[value] ?? value;
}

/** The author of a history row, or a neutral name when the account no longer exists. */
export function historyAuthor(entry: Pick<Modification, 'user'>): string {
  return entry.user ? `${entry.user.name} ${entry.user.last_name}`.trim() : 'Usuario eliminado';
}
