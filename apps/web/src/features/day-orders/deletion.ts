/** Spec 4: the list reloads 1.5 s after a daily order is deleted. */
export const RELOAD_AFTER_DELETE_MS = 1500;

/** The question the delete confirmation asks; `of` completes "la orden del día …" ("de la sesión del 10/03/2026, 19:00"). */
export function confirmDeleteMessage(of: string): string {
  return `¿Estás seguro de que deseas eliminar la orden del día ${of}? Su PDF dejará de estar publicado.`;
}

/** The delete button's name: what it deletes, so that a row's button tells apart from the next one's. */
export function deleteLabel(of: string): string {
  return `Eliminar la orden del día ${of}`;
}
