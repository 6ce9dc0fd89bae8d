import type { Config } from '../config.js';
import { saveUpload } from '../lib/images.js';
import type { Storage } from '../lib/storage.js';
import { BANNERS_FOLDER } from '../modules/banners/service.js';
import { CONTACT_FOLDER } from '../modules/contact/service.js';
import { NEWS_FOLDER } from '../modules/news/description.js';
import type { Database } from './client.js';
import { PALETTES, sceneJpeg } from './demo-scenes.js';
import { banners, contactImages, news } from './schema/index.js';

interface DemoNews {
  title: string;
  description: string;
  palette: keyof typeof PALETTES;
  daysAgo: number;
  videoUrl?: string;
}

/** What a town council publishes in a month or two: sessions, works, culture, services. */
const DEMO_NEWS: DemoNews[] = [
  {
    title: 'El Concejo aprobó el plan de ciclovías seguras',
    description:
      '<p>En la sesión ordinaria del jueves, el Concejo Deliberante aprobó por unanimidad la ordenanza que crea la <strong>red de ciclovías seguras</strong> en las avenidas principales.</p><p>El proyecto prevé:</p><ul><li>Carriles exclusivos señalizados en las avenidas San Martín y Belgrano.</li><li>Bicicleteros frente a escuelas y edificios públicos.</li><li>Una campaña de educación vial en las escuelas primarias.</li></ul><blockquote>«Queremos que ir en bicicleta al trabajo o a la escuela sea seguro para todos», señaló la concejal autora del proyecto.</blockquote>',
    palette: 'noon',
    daysAgo: 1,
  },
  {
    title: 'Audiencia pública por el presupuesto participativo 2027',
    description:
      '<p>Vecinas y vecinos podrán presentar propuestas para el <strong>presupuesto participativo 2027</strong> en la audiencia pública que se realizará en el recinto del Concejo.</p><p class="ql-align-center"><em>La inscripción de oradores cierra el viernes a las 13 h.</em></p><p>Las propuestas pueden referirse a obras en los barrios, espacios verdes, cultura y deporte.</p>',
    palette: 'dawn',
    daysAgo: 4,
  },
  {
    title: 'Reconocimiento a las campeonas provinciales de hockey',
    description:
      '<p>El Concejo entregó una distinción a las jugadoras del club local que se consagraron <strong>campeonas provinciales</strong> en la categoría sub 16.</p><p>La ceremonia contó con la presencia de familias, entrenadores y autoridades del club.</p>',
    palette: 'autumn',
    daysAgo: 9,
  },
  {
    title: 'Comenzó la obra de pavimento en los barrios Norte y San Martín',
    description:
      '<p>Con la firma del acta de inicio comenzaron los trabajos de pavimentación de <strong>32 cuadras</strong> en los barrios Norte y San Martín, aprobados por ordenanza el año pasado.</p><ol><li>Primera etapa: calles Mitre a Rivadavia.</li><li>Segunda etapa: calles Rivadavia a Alsina.</li></ol><p>Durante la obra habrá desvíos señalizados.</p>',
    palette: 'dusk',
    daysAgo: 15,
  },
  {
    title: 'Festival del Río: declarado de interés municipal',
    description:
      '<p>Por resolución del Concejo, el <strong>Festival del Río</strong> fue declarado de interés municipal. Habrá música en vivo, feria de artesanos y gastronomía regional a orillas del río.</p><p>La entrada es libre y gratuita.</p>',
    palette: 'river',
    daysAgo: 22,
  },
  {
    title: 'Nuevo horario de atención al público',
    description:
      '<p>Desde el lunes, la mesa de entradas del Concejo Deliberante atiende de <strong>lunes a viernes de 8 a 14 h</strong>.</p><p>Las notas y proyectos de particulares pueden presentarse en ese horario o por correo electrónico.</p>',
    palette: 'noon',
    daysAgo: 30,
  },
  {
    title: 'Jornada de separación de residuos en las escuelas',
    description:
      '<p>En el marco de la ordenanza de <strong>separación en origen</strong>, concejales visitaron tres escuelas para explicar cómo separar los residuos en casa.</p><p>Se entregaron bolsas verdes para reciclables y folletos informativos.</p>',
    palette: 'autumn',
    daysAgo: 38,
  },
  {
    title: 'Sesión especial por el aniversario de la ciudad',
    description:
      '<p>El Concejo realizó una <strong>sesión especial</strong> para celebrar un nuevo aniversario de la fundación de la ciudad, con la participación de instituciones y vecinos destacados.</p><p>La sesión puede verse completa en el canal oficial del Concejo.</p>',
    palette: 'night',
    daysAgo: 45,
  },
];

/** The words of a demo contact image: its title and lines, and its text alternative, which says them. */
export function demoContactCards({ address, phone, email, hours }: Config['contact']) {
  const card = (title: string, lines: (string | null)[], alt: (string | null)[]) => ({
    title,
    lines: lines.filter((line) => line !== null),
    alt: [title, ...alt.filter((part) => part !== null)].join('. ').concat('.'),
  });
  return {
    left: card('Mesa de Entradas', [address, hours], [address && `Dirección: ${address}`, hours && `Horario de atención: ${hours}`]),
    right: card('Teléfono y correo', [phone, email], [phone && `Teléfono: ${phone}`, email && `Correo electrónico: ${email}`]),
  };
}

/**
 * Banners, news and the contact images for a fresh database with demo data, so that the home page is
 * alive from the first start. Pictures are drawn here and go through the same checks as any upload;
 * the contact images show the council's contact details, and their texts say what they show.
 */
export async function seedDemoContent(
  db: Database,
  storage: Storage,
  { town, councilName, contact }: { town: string; councilName: string; contact: Config['contact'] },
): Promise<{ banners: number; news: number }> {
  const now = Date.now();
  const daysAgo = (days: number) => new Date(now - days * 24 * 3600_000);

  const demoBanners = [
    { palette: PALETTES.dawn!, options: { title: town, subtitle: councilName, seed: 1 }, alt: `Vista de ${town} al amanecer`, caption: false, title: null, description: null },
    { palette: PALETTES.noon!, options: { seed: 2 }, alt: 'Plaza principal y campanario', caption: true, title: 'Sesiones abiertas a la comunidad', description: 'Todos los jueves a las 19 h en el recinto del Concejo.' },
    { palette: PALETTES.river!, options: { seed: 4 }, alt: 'El río y los barrios de la costa', caption: true, title: 'Festival del Río', description: 'Música, artesanías y gastronomía regional.' },
  ];
  for (const [index, banner] of demoBanners.entries()) {
    const image = await saveUpload(storage, BANNERS_FOLDER, await sceneJpeg(1600, 900, banner.palette, banner.options), { kind: 'banner', field: 'image' });
    // The first banner is the newest, so it leads the carousel.
    const createdAt = daysAgo(index);
    await db.insert(banners).values({ image, status: 1, alt: banner.alt, caption: banner.caption, title: banner.title, description: banner.description, createdAt, updatedAt: createdAt });
  }

  for (const [index, item] of DEMO_NEWS.entries()) {
    const image = await saveUpload(storage, NEWS_FOLDER, await sceneJpeg(1000, 625, PALETTES[item.palette]!, { seed: index + 3 }), { kind: 'news', field: 'image' });
    const createdAt = daysAgo(item.daysAgo);
    await db.insert(news).values({ title: item.title, description: item.description, image, status: 1, videoUrl: item.videoUrl ?? null, createdAt, updatedAt: createdAt });
  }

  const cards = demoContactCards(contact);
  const left = await saveUpload(storage, CONTACT_FOLDER, await sceneJpeg(1000, 750, PALETTES.noon!, { title: cards.left.title, subtitle: cards.left.lines, seed: 5 }), { kind: 'contact', field: 'image_left' });
  const right = await saveUpload(storage, CONTACT_FOLDER, await sceneJpeg(1000, 750, PALETTES.dusk!, { title: cards.right.title, subtitle: cards.right.lines, seed: 6 }), { kind: 'contact', field: 'image_right' });
  await db.insert(contactImages).values([
    { side: 'left', image: left, alt: cards.left.alt },
    { side: 'right', image: right, alt: cards.right.alt },
  ]);
  return { banners: demoBanners.length, news: DEMO_NEWS.length };
}
