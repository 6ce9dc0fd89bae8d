// The regulations' types, labels and messages, and the public search's limits, apart from their schemas
// (regulations.ts) so that the public pages can use them without loading zod (see zod.ts).

export const REGULATION_TYPES = ['correspondence', 'dem-message', 'declaration', 'decree', 'minute', 'ordinance', 'resolution'] as const;
export type RegulationType = (typeof REGULATION_TYPES)[number];

export const REGULATION_TYPE_LABELS: Record<RegulationType, string> = {
  ordinance: 'Ordenanza',
  resolution: 'Resolución',
  decree: 'Decreto',
  declaration: 'Declaración',
  minute: 'Minuta',
  'dem-message': 'Mensaje del DEM',
  correspondence: 'Correspondencia',
};

/** The types the public search offers (DESIGN.md section 6). */
export const PUBLIC_REGULATION_TYPES = ['ordinance', 'resolution', 'decree', 'declaration'] as const satisfies readonly RegulationType[];

/**
 * The public types as they read in a norm's page address (DESIGN.md section 5):
 * `/normativas/ordenanza/2880`.
 */
export const PUBLIC_TYPE_SLUGS = { ordinance: 'ordenanza', resolution: 'resolucion', decree: 'decreto', declaration: 'declaracion' } as const satisfies Record<PublicRegulationType, string>;
export type PublicRegulationType = (typeof PUBLIC_REGULATION_TYPES)[number];

export function isPublicRegulationType(type: RegulationType): type is PublicRegulationType {
  return (PUBLIC_REGULATION_TYPES as readonly RegulationType[]).includes(type);
}

/**
 * Whether a norm is on the public site (DESIGN.md section 6): approved, or registered as old, and of a
 * public type. Its approved PDF is public exactly while this holds; otherwise staff reach it by a
 * signed link.
 */
export function isPublicNorm(norm: { state: 'process' | 'approved'; isOld: boolean; type: RegulationType }): boolean {
  return (norm.state === 'approved' || norm.isOld) && isPublicRegulationType(norm.type);
}

/**
 * The official number a norm's address names, written as numbers are (digits, no leading zero, up to
 * nine of them); undefined for anything else (`0012`, `1e3`, `abc`), which is no norm's address.
 */
export function officialNumberOf(text: string): number | undefined {
  return /^[1-9]\d{0,8}$/.test(text) ? Number(text) : undefined;
}

/** The public type a page address names, or undefined. */
export function publicTypeOfSlug(slug: string): PublicRegulationType | undefined {
  return PUBLIC_REGULATION_TYPES.find((type) => PUBLIC_TYPE_SLUGS[type] === slug);
}

/**
 * The kinds of link between norms (DESIGN.md sections 6 and 9.2): the modifier modifies, repeals,
 * partially repeals, regulates, suspends (until a day, or with no end) or extends (prorroga) the
 * modified. `modifies` is the spec's own link.
 */
export const REGULATION_LINK_KINDS = ['modifies', 'repeals', 'partially_repeals', 'regulates', 'suspends', 'extends'] as const;
export type RegulationLinkKind = (typeof REGULATION_LINK_KINDS)[number];
export const REGULATION_LINK_KIND_LABELS: Record<RegulationLinkKind, string> = {
  modifies: 'Modifica',
  repeals: 'Deroga',
  partially_repeals: 'Deroga parcialmente',
  regulates: 'Reglamenta',
  suspends: 'Suspende',
  extends: 'Prorroga',
};
/** The kinds read from the norm acted on: "Derogada por" Ordenanza N° 12 ("norma" is feminine, whatever the type). */
export const INCOMING_LINK_KIND_LABELS: Record<RegulationLinkKind, string> = {
  modifies: 'Modificada por',
  repeals: 'Derogada por',
  partially_repeals: 'Derogada parcialmente por',
  regulates: 'Reglamentada por',
  suspends: 'Suspendida por',
  extends: 'Prorrogada por',
};
/** The links that change the legal force of the norm they point at (the others inform). */
export const FORCE_LINK_KINDS = ['repeals', 'partially_repeals', 'suspends'] as const satisfies readonly RegulationLinkKind[];
/** How long a link's note may be ("arts. 3 a 5"). */
export const LINK_NOTE_MAX = 200;

/**
 * A public norm's legal force on a day (DESIGN.md 9.2), computed by the database (never typed): void
 * once declared null, repealed once a norm that repeals it is in force, lapsed after a `caducidad` or
 * the term written in it, suspended while a suspension lasts, partially repealed, in force otherwise.
 * A link takes effect on its acting norm's `in_force_from`.
 */
export const LEGAL_FORCES = ['in_force', 'partially_repealed', 'repealed', 'suspended', 'lapsed', 'void'] as const;
export type LegalForce = (typeof LEGAL_FORCES)[number];
/** The legal forces as the filters name them, of a «normativa» (feminine). */
export const LEGAL_FORCE_LABELS: Record<LegalForce, string> = {
  in_force: 'Vigente',
  partially_repealed: 'Derogada parcialmente',
  repealed: 'Derogada',
  suspended: 'Suspendida',
  lapsed: 'Caduca',
  void: 'Declarada nula',
};

const MASCULINE_LEGAL_FORCE_LABELS: Record<LegalForce, string> = {
  in_force: 'Vigente',
  partially_repealed: 'Derogado parcialmente',
  repealed: 'Derogado',
  suspended: 'Suspendido',
  lapsed: 'Caduco',
  void: 'Declarado nulo',
};

/** "Proyecto de ordenanza, expediente 123-C-2026": a project in trámite, named by its expediente (DESIGN.md 9.2). */
export function projectName(project: { type: RegulationType; expediente: string }): string {
  return `Proyecto de ${REGULATION_TYPE_LABELS[project.type].toLowerCase()}, expediente ${project.expediente}`;
}

/** The types whose name is masculine: «Decreto», «Mensaje del DEM». */
const MASCULINE_TYPES: ReadonlySet<RegulationType> = new Set(['decree', 'dem-message']);

/** A norm's legal force in words that agree with its type: «Ordenanza N° 12 Derogada», «Decreto N° 97 Derogado». */
export function legalForceLabel(legalForce: LegalForce, type: RegulationType): string {
  return (MASCULINE_TYPES.has(type) ? MASCULINE_LEGAL_FORCE_LABELS : LEGAL_FORCE_LABELS)[legalForce];
}

/** Messages of spec section 5, as the product shows them. */
export const REGULATION_MESSAGES = {
  typeRequired: 'Debe seleccionar el tipo de normativa.',
  pdfOnly: '❌ Solo se permiten archivos PDF.',
  pdfRequired: '❌ Debe seleccionar un archivo PDF.',
  pdfEncrypted: '❌ El PDF está protegido con contraseña. Súbalo sin contraseña.',
  pdfUnreadable: '❌ No se pudo abrir el PDF: puede estar dañado. Guárdelo de nuevo como PDF e intente otra vez.',
  approvedPdfRequired: 'Debe subir el PDF de la normativa aprobada.',
  demTypeRequired: 'Debe seleccionar el Tipo de normativa del DEM.',
  demTypeOnlyForMessages: 'El tipo de normativa del DEM corresponde solo a un Mensaje del DEM.',
  concejalAuthorOnly: "Como concejal, solo puede crear regulaciones con el tipo de autor 'concejal'.",
  numberRequired: 'Debe ingresar el número de la normativa.',
  numberAndPdfRequired: 'Debe ingresar el número de la normativa y el pdf aprobado.',
  created: 'Normativa creada correctamente.',
  modified: 'Normativa modificada correctamente.',
  deleted: 'Normativa eliminada correctamente.',
  confirmDelete: '¿Estás seguro de que deseas eliminar esta normativa?',
  listError: 'Error al obtener las normativas.',
  detailError: 'Error al obtener la normativa.',
  noData: 'No se encontraron datos.',
  noResults: 'No se encontraron resultados.',
  oldCreated: 'Normativa antigua cargada correctamente.',
  authorsRequired: 'Debe ingresar al menos un autor.',
  authorTypeMismatch: 'El tipo de autor no corresponde al tipo de normativa.',
  numberOnlyWhenApproved: 'El número se asigna al aprobar la normativa.',
  correspondenceHasNoFiles: 'La correspondencia no lleva PDF ni normas relacionadas.',
  linksNotAllowed: 'Este tipo de normativa no modifica ni es modificada por otras.',
  linkedTwice: 'Una norma no puede modificar y ser modificada por la misma norma.',
  linkedToItself: 'Una norma no puede modificarse a sí misma.',
  publishedNotFound: 'No encontramos esa normativa entre las publicadas.',
  projectNotFound: 'No encontramos ese expediente entre los proyectos en trámite publicados.',
  linkedInTwoKinds: 'Cada norma relacionada lleva una sola relación: Modifica, Deroga, Deroga parcialmente o Reglamenta.',
} as const;

/** Where the searched words were found in a result. */
export const MATCH_PLACES = ['subject', 'keywords', 'pdf'] as const;
export const MATCH_PLACE_LABELS: Record<(typeof MATCH_PLACES)[number], string> = {
  subject: 'el tema',
  keywords: 'las palabras clave',
  pdf: 'el texto del PDF',
};

/** The public search's limits (spec 2.3): the API refuses longer values, the form says so first. */
export const PUBLIC_SEARCH_LIMITS = { search: 200, numberSearch: 20 } as const;

/** What the API and the public search form say about a filter it cannot apply. */
export const PUBLIC_SEARCH_MESSAGES = {
  searchTooLong: `La búsqueda puede tener hasta ${PUBLIC_SEARCH_LIMITS.search} caracteres.`,
  numberTooLong: `El número puede tener hasta ${PUBLIC_SEARCH_LIMITS.numberSearch} caracteres.`,
  typeInvalid: 'El tipo de normativa no es válido.',
  legalForceInvalid: 'La vigencia no es válida: Vigente, Derogada parcialmente o Derogada.',
} as const;
