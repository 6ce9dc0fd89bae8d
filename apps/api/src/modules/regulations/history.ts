import { REGULATION_LINK_KINDS, REGULATION_TYPE_LABELS, type RegulationLinkKind, type RegulationType } from '@concejo/contracts';
import type { HistoryEntry } from './repository.js';

export interface HistorySnapshot {
  createdAt: Date;
  demType: string | null;
  number: number | null;
  authorType: string | null;
  state: string;
  subject: string;
  pdfProcess: string | null;
  pdfApproved: string | null;
  authors: string[];
  keywords: string[];
  modifies: LinkedNorm[];
  modifiedBy: LinkedNorm[];
}

export interface LinkedNorm {
  id: number;
  type: RegulationType;
  number: number | null;
  kind: RegulationLinkKind;
}

const SCALARS = [
  ['createdAt', 'created_at'],
  ['demType', 'dem_type'],
  ['number', 'number'],
  ['authorType', 'author_type'],
  ['state', 'state'],
  ['subject', 'subject'],
] as const;

const LISTS = [
  ['authors', 'authors'],
  ['keywords', 'keywords'],
] as const;

/** The history's names of each kind's two lists: the spec's `modifies` / `modifiedBy`, then `repeals` / `repealedBy`... */
const LINK_NAMES: Record<RegulationLinkKind, readonly [string, string]> = {
  modifies: ['modifies', 'modifiedBy'],
  repeals: ['repeals', 'repealedBy'],
  partially_repeals: ['partiallyRepeals', 'partiallyRepealedBy'],
  regulates: ['regulates', 'regulatedBy'],
  suspends: ['suspends', 'suspendedBy'],
  extends: ['extends', 'extendedBy'],
};

/** "Ordenanza N° 12", as the history shows a linked norm. */
export function describeNorm(norm: LinkedNorm): string {
  return `${REGULATION_TYPE_LABELS[norm.type]} N° ${norm.number ?? 's/n'}`;
}

/**
 * The history rows of one save: a row per changed field with its value before and after, and a row
 * per item added to or removed from a list ('relation: authors - added').
 */
export function diffForHistory(before: HistorySnapshot, after: HistorySnapshot): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  for (const [key, name] of SCALARS) {
    const oldValue = show(before[key]);
    const newValue = show(after[key]);
    if (oldValue !== newValue) entries.push({ nameCell: name, oldCell: oldValue, newCell: newValue });
  }
  for (const [key, name] of [['pdfProcess', 'pdf_process'], ['pdfApproved', 'pdf_approved']] as const) {
    if (before[key] !== after[key]) {
      entries.push({
        nameCell: name,
        oldCell: before[key] ? 'PDF anterior' : null,
        newCell: after[key] ? (before[key] ? 'PDF reemplazado' : 'PDF cargado') : 'PDF eliminado',
      });
    }
  }
  for (const [key, name] of LISTS) {
    entries.push(...listChanges(name, before[key], after[key], (item) => item.toLocaleLowerCase('es'), (item) => item));
  }
  // A link whose kind changed leaves its old kind's list and joins the new one's.
  for (const kind of REGULATION_LINK_KINDS) {
    for (const [key, name] of [['modifies', LINK_NAMES[kind][0]], ['modifiedBy', LINK_NAMES[kind][1]]] as const) {
      const ofKind = (norms: LinkedNorm[]) => norms.filter((norm) => norm.kind === kind);
      entries.push(...listChanges(name, ofKind(before[key]), ofKind(after[key]), (norm) => String(norm.id), describeNorm));
    }
  }
  return entries;
}

function listChanges<T>(name: string, before: T[], after: T[], keyOf: (item: T) => string, label: (item: T) => string) {
  const beforeKeys = new Set(before.map(keyOf));
  const afterKeys = new Set(after.map(keyOf));
  return [
    ...after.filter((item) => !beforeKeys.has(keyOf(item))).map((item) => ({ nameCell: `relation: ${name} - added`, oldCell: null, newCell: label(item) })),
    ...before.filter((item) => !afterKeys.has(keyOf(item))).map((item) => ({ nameCell: `relation: ${name} - removed`, oldCell: label(item), newCell: null })),
  ];
}

function show(value: Date | string | number | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString() : String(value);
}
