// The agendas' paths, session types, labels and messages, apart from their schemas (day-orders.ts) so
// that the public list can use them without loading zod (see zod.ts).

/** API paths of the agendas (órdenes del día), relative to API_BASE (DESIGN.md section 5). */
export const DAY_ORDER_PATHS = {
  sources: '/day-orders/sources',
  list: '/day-orders',
  published: '/day-orders/published',
  /** The newest agendas as an Atom feed, and the sessions as an iCalendar (issue 17). */
  feed: '/day-orders/feed.atom',
  calendar: '/day-orders/calendar.ics',
  oneRoute: '/day-orders/:id',
  one: (id: number | string) => `/day-orders/${encodeURIComponent(String(id))}`,
} as const;

export const SESSION_TYPES = ['ordinaria', 'convocada', 'autoconvocada'] as const;
export type SessionType = (typeof SESSION_TYPES)[number];

/** The session type in words, as the agenda's PDF and the forms show it (spec 4). */
export const SESSION_TYPE_LABELS: Record<SessionType, string> = {
  ordinaria: 'Sesión Ordinaria',
  convocada: 'Sesión Convocada (extraordinaria, convocada por el Departamento Ejecutivo)',
  autoconvocada: 'Sesión Autoconvocada',
};

/** Messages of spec 8 ('Orders load', 'Agenda', 'Session'), as the product shows them. */
export const DAY_ORDER_MESSAGES = {
  listError: 'Error al obtener las normativas.',
  deleted: 'Orden eliminada exitosamente.',
  deleteError: 'Error al eliminar la orden.',
  confirmDeleteTitle: 'Confirmar Eliminación',
  sourcesError: 'Error en la busqueda.',
  created: 'Orden del día cargada exitosamente.',
  createError: 'Error al cargar la orden del día.',
  detailError: 'Error al cargar los detalles de la sesión',
  detailNotFound: 'No se encontraron datos de la sesión.',
  detailEmpty: 'Esta orden del día no contiene elementos.',
  emptySection: 'Sin asuntos.',
  notFound: 'No se encontró la orden del día.',
  noResults: 'No se encontraron resultados.',
} as const;

