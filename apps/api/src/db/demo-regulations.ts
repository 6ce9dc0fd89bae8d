import { councilDay, DEFAULT_COUNCIL_TIME_ZONE, type AuthorType, type DemType, type RegulationLinkKind, type RegulationState, type RegulationType } from '@concejo/contracts';
import { minimalPdf } from '../lib/minimal-pdf.js';
import { scannedPdf } from '../lib/scanned-pdf.js';
import type { Storage } from '../lib/storage.js';
import { createActionStore } from '../modules/regulations/actions.js';
import { createRegulationRepository } from '../modules/regulations/repository.js';
import { FOLDERS } from '../modules/regulations/service.js';
import type { Database } from './client.js';

interface DemoRegulation {
  type: RegulationType;
  demType?: DemType;
  number?: number;
  state: RegulationState;
  authorType: AuthorType;
  authors: string[];
  keywords: string[];
  subject: string;
  daysAgo: number;
  /** The earlier demo norms (by index in DEMO) this one modifies, repeals, partially repeals or regulates. */
  links?: { kind: RegulationLinkKind; to: number }[];
  old?: boolean;
  /** An old norm kept as a scan: its PDF is a picture of these lines, readable only by OCR. */
  scan?: string[];
}

const CONCEJALES = ['Ana Rodríguez', 'Carlos Benítez', 'María Laura Sosa', 'Jorge Quiroga', 'Valeria Ledesma', 'Raúl Ortiz'];
const c = (index: number) => CONCEJALES[index % CONCEJALES.length]!;

/**
 * A living registry for a newcomer: approved norms, projects in process, DEM messages, notes, old norms
 * (one of them a scan that only OCR reads), and norms that repeal, partially repeal or regulate others.
 */
const DEMO: DemoRegulation[] = [
  { type: 'ordinance', number: 2845, state: 'approved', authorType: 'concejal', authors: [c(0), c(1)], keywords: ['tránsito', 'camiones'], subject: 'Regula la circulación de camión pesado en el casco urbano', daysAgo: 400 },
  { type: 'ordinance', number: 2846, state: 'approved', authorType: 'DEM', authors: ['DEM'], keywords: ['presupuesto', 'tasas'], subject: 'Ordenanza fiscal e impositiva para el ejercicio 2026', daysAgo: 380 },
  { type: 'ordinance', number: 2847, state: 'approved', authorType: 'concejal', authors: [c(2)], keywords: ['ambiente', 'arbolado'], subject: 'Plan municipal de arbolado urbano y protección de especies nativas', daysAgo: 350 },
  { type: 'ordinance', number: 2851, state: 'approved', authorType: 'concejal', authors: [c(3)], keywords: ['tránsito', 'estacionamiento'], subject: 'Modifica los horarios de carga y descarga en la zona céntrica', daysAgo: 300, links: [{ kind: 'modifies', to: 0 }] },
  { type: 'ordinance', number: 2860, state: 'approved', authorType: 'concejal', authors: [c(4), c(5)], keywords: ['salud', 'adicciones'], subject: 'Crea el programa municipal de prevención de adicciones en escuelas', daysAgo: 260 },
  { type: 'ordinance', number: 2872, state: 'approved', authorType: 'DEM', authors: ['DEM'], keywords: ['obras', 'pavimento'], subject: 'Aprueba el plan de pavimentación de los barrios Norte y San Martín', daysAgo: 220 },
  { type: 'ordinance', number: 2880, state: 'approved', authorType: 'concejal', authors: [c(1)], keywords: ['residuos', 'reciclaje'], subject: 'Separación en origen de residuos sólidos urbanos', daysAgo: 180 },
  { type: 'ordinance', number: 2891, state: 'approved', authorType: 'concejal', authors: [c(0)], keywords: ['tránsito', 'ciclovías'], subject: 'Red de ciclovías seguras en avenidas principales', daysAgo: 120, links: [{ kind: 'modifies', to: 3 }] },
  { type: 'resolution', number: 612, state: 'approved', authorType: 'concejal', authors: [c(2)], keywords: ['cultura'], subject: 'Declara de interés municipal el Festival del Río', daysAgo: 330 },
  { type: 'resolution', number: 618, state: 'approved', authorType: 'concejal', authors: [c(4)], keywords: ['educación'], subject: 'Solicita al DEM la reparación del techo de la Escuela N° 4', daysAgo: 240 },
  { type: 'resolution', number: 625, state: 'approved', authorType: 'concejal', authors: [c(5)], keywords: ['deporte'], subject: 'Reconoce a las deportistas locales campeonas provinciales de hockey', daysAgo: 150 },
  { type: 'resolution', number: 631, state: 'approved', authorType: 'concejal', authors: [c(3)], keywords: ['seguridad', 'iluminación'], subject: 'Pide informes sobre el alumbrado público en el barrio Las Flores', daysAgo: 60 },
  { type: 'decree', number: 88, state: 'approved', authorType: 'concejal', authors: [c(0)], keywords: ['sesiones'], subject: 'Fija el calendario de sesiones ordinarias del período 2026', daysAgo: 310 },
  { type: 'decree', number: 91, state: 'approved', authorType: 'concejal', authors: [c(1)], keywords: ['personal'], subject: 'Designa personal administrativo del Concejo Deliberante', daysAgo: 200 },
  { type: 'declaration', number: 140, state: 'approved', authorType: 'concejal', authors: [c(2)], keywords: ['memoria'], subject: 'Adhiere al Día Nacional de la Memoria por la Verdad y la Justicia', daysAgo: 250 },
  { type: 'declaration', number: 146, state: 'approved', authorType: 'concejal', authors: [c(4)], keywords: ['malvinas'], subject: 'Homenaje a los veteranos y caídos en la Guerra de Malvinas', daysAgo: 235 },
  { type: 'minute', state: 'process', authorType: 'concejal', authors: [c(3)], keywords: ['transporte'], subject: 'Solicita frecuencias nocturnas en la línea 2 de colectivos', daysAgo: 40 },
  { type: 'ordinance', state: 'process', authorType: 'concejal', authors: [c(5), c(0)], keywords: ['animales'], subject: 'Proyecto de castración gratuita y masiva de mascotas', daysAgo: 30 },
  { type: 'ordinance', state: 'process', authorType: 'concejal', authors: [c(1)], keywords: ['comercio', 'ferias'], subject: 'Proyecto de regulación de ferias francas y mercados de productores', daysAgo: 21 },
  { type: 'resolution', state: 'process', authorType: 'concejal', authors: [c(2)], keywords: ['inundaciones'], subject: 'Proyecto de pedido de limpieza de desagües pluviales', daysAgo: 14 },
  { type: 'ordinance', state: 'process', authorType: 'concejal', authors: [c(4)], keywords: ['accesibilidad'], subject: 'Proyecto de rampas accesibles en todas las esquinas del centro', daysAgo: 9 },
  { type: 'dem-message', demType: 'ordinance', state: 'process', authorType: 'DEM', authors: ['DEM'], keywords: ['presupuesto'], subject: 'Mensaje del DEM con el proyecto de presupuesto 2027', daysAgo: 12 },
  { type: 'dem-message', demType: 'decree', state: 'process', authorType: 'DEM', authors: ['DEM'], keywords: ['emergencia'], subject: 'Eleva decreto de emergencia hídrica para su convalidación', daysAgo: 8 },
  { type: 'dem-message', demType: 'message', state: 'process', authorType: 'DEM', authors: ['DEM'], keywords: ['informe'], subject: 'Informe de gestión del primer semestre', daysAgo: 5 },
  { type: 'correspondence', state: 'process', authorType: 'particular', authors: ['Asociación Vecinal Barrio Norte'], keywords: ['reclamo'], subject: 'Nota por el estado de la plaza San Martín', daysAgo: 6 },
  { type: 'correspondence', state: 'process', authorType: 'particular', authors: ['Cooperadora Escuela N° 4'], keywords: ['educación'], subject: 'Solicita subsidio para el comedor escolar', daysAgo: 4 },
  { type: 'correspondence', state: 'process', authorType: 'particular', authors: ['Bomberos Voluntarios'], keywords: ['seguridad'], subject: 'Invitación al acto aniversario del cuartel', daysAgo: 2 },
  { type: 'ordinance', number: 1502, state: 'approved', authorType: 'concejal', authors: [], keywords: ['tasas', 'alumbrado'], subject: '', daysAgo: 9000, old: true },
  {
    type: 'ordinance',
    number: 1610,
    state: 'approved',
    authorType: 'concejal',
    authors: [],
    keywords: ['código de edificación'],
    subject: '',
    daysAgo: 8000,
    old: true,
    scan: [
      'ORDENANZA N° 1610',
      'CÓDIGO DE EDIFICACIÓN',
      'Artículo 1°: Apruébase el Código de Edificación',
      'del Partido, que regula las alturas máximas,',
      'los retiros de frente y las paredes medianeras.',
      'Artículo 2°: Comuníquese y archívese.',
    ],
  },
  { type: 'decree', number: 12, state: 'approved', authorType: 'concejal', authors: [], keywords: ['reglamento interno'], subject: '', daysAgo: 7000, old: true },
  // Norms that change the legal force of others, so that a newcomer sees Derogada and Derogada parcialmente.
  { type: 'ordinance', number: 2902, state: 'approved', authorType: 'DEM', authors: ['DEM'], keywords: ['tasas', 'alumbrado'], subject: 'Nuevo régimen de la tasa de alumbrado público; deroga la Ordenanza N° 1502', daysAgo: 45, links: [{ kind: 'repeals', to: 27 }] },
  { type: 'ordinance', number: 2910, state: 'approved', authorType: 'concejal', authors: [c(2), c(4)], keywords: ['ambiente', 'arbolado'], subject: 'Actualiza el listado de especies protegidas y deroga el artículo 4 de la Ordenanza N° 2847', daysAgo: 25, links: [{ kind: 'partially_repeals', to: 2 }] },
  { type: 'decree', number: 97, state: 'approved', authorType: 'DEM', authors: ['DEM'], keywords: ['residuos', 'reciclaje'], subject: 'Reglamenta la separación en origen de residuos sólidos urbanos (Ordenanza N° 2880)', daysAgo: 90, links: [{ kind: 'regulates', to: 6 }] },
];

/**
 * Loads the demo registry on a fresh database, with a small real PDF for each norm. The PDFs print the
 * council's calendar day (TIMEZONE), the same day the lists show for the record.
 */
export async function seedDemoRegulations(db: Database, storage: Storage, timeZone = DEFAULT_COUNCIL_TIME_ZONE, now = new Date()): Promise<number> {
  const repository = createRegulationRepository(db);
  const actions = createActionStore(db);
  const created: number[] = [];
  const dayAfter = (date: Date, days: number) => councilDay(new Date(date.getTime() + days * 86_400_000), timeZone);
  let edition = 3100;
  for (const demo of DEMO) {
    const createdAt = new Date(now.getTime() - demo.daysAgo * 86_400_000);
    const title = demo.old ? `Normativa histórica N° ${demo.number}` : demo.subject;
    const text = [title, '', `Fecha: ${createdAt.toLocaleDateString('es-AR', { timeZone })}`, `Autores: ${demo.authors.join(', ') || '-'}`, `Palabras clave: ${demo.keywords.join(', ')}`];
    const approvedPdf = demo.state === 'approved' ? await storage.put(FOLDERS.approved, 'pdf', demo.scan ? await scannedPdf([demo.scan]) : minimalPdf(text)) : null;
    const processPdf = !demo.old && demo.type !== 'correspondence' ? await storage.put(FOLDERS.process, 'pdf', minimalPdf(['Proyecto', ...text])) : null;
    const id = await repository.transaction(async (tx) => {
      const entered = councilDay(createdAt, timeZone);
      const row = await repository.insert(tx, {
        expediente: demo.old ? null : await actions.nextExpediente(tx, Number(entered.slice(0, 4)), demo.authorType),
        type: demo.type,
        demType: demo.demType ?? null,
        number: demo.number ?? null,
        subject: demo.subject,
        state: demo.state,
        authorType: demo.old ? null : demo.authorType,
        pdfProcess: processPdf,
        pdfApproved: approvedPdf,
        isOld: demo.old ?? false,
        createdBy: null,
        createdAt,
        approvedAt: demo.state === 'approved' && !demo.old ? createdAt : null,
      });
      // Its path (DESIGN.md 9.2): entered and, once approved, sanctioned that day; the approved ones old
      // enough were promulgated a week later and published in the Boletín Oficial five days after.
      if (!demo.old) await actions.addAutomatic(tx, row.id, 'ingreso', entered);
      if (demo.state === 'approved') await actions.addAutomatic(tx, row.id, 'sancion', entered);
      if (demo.state === 'approved' && !demo.old && demo.daysAgo >= 12) {
        await actions.insert(tx, { regulationId: row.id, kind: 'promulgacion', date: dayAfter(createdAt, 7), details: { promulgation: 'tacita' }, automatic: false });
        await actions.insert(tx, { regulationId: row.id, kind: 'publicacion', date: dayAfter(createdAt, 12), details: { edition: String((edition += 1)), page: 3 }, automatic: false });
      }
      await repository.replaceAuthors(tx, row.id, demo.authors);
      await repository.replaceKeywords(tx, row.id, demo.keywords);
      if (demo.links?.length) await repository.replaceLinks(tx, row.id, { outgoing: demo.links.map((link) => ({ id: created[link.to]!, kind: link.kind })) });
      await repository.refreshSearchDocument(tx, row.id);
      // The server's text indexer reads the PDFs once it starts.
      if (approvedPdf || processPdf) await repository.markTextPending(tx, row.id);
      return row.id;
    });
    created.push(id);
  }
  return created.length;
}
