import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_COUNCIL_TIME_ZONE, hasControlCharacters, isCommonPassword, PASSWORD_MIN_LENGTH } from '@concejo/contracts';
import { z } from 'zod';
import { DEFAULT_DECODED_LIMITS } from './lib/documents/decoded-size.js';
import { DEFAULT_OCR_SETTINGS } from './lib/documents/ocr-support.js';



const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** A yes/no setting; unset or empty means its default, decided by readFlag where the setting is read. */
const booleanFlag = optionalString.pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'debe ser true o false' }).optional());
const readFlag = (value: string | undefined, defaultValue: boolean) => (value === undefined ? defaultValue : ['true', '1', 'yes'].includes(value));

/** A third-party API's base URL (http allowed: tests point it at a local fake server). */
const serviceUrl = (defaultValue: string) =>
  optionalString.pipe(z.url({ protocol: /^https?$/, error: 'debe ser una URL http(s)' }).optional()).transform((value) => (value ?? defaultValue).replace(/\/+$/, ''));

/** A public profile the home page links to: https only, since every visitor follows it. */
const profileUrl = optionalString.pipe(z.url({ protocol: /^https$/, error: 'debe ser una URL https' }).optional());

/** One line of the council's contact details (COUNCIL_ADDRESS, COUNCIL_HOURS), shown as it is written. */
const contactLine = optionalString.pipe(
  z
    .string()
    .max(200, { error: 'puede tener hasta 200 caracteres' })
    .refine((text) => !hasControlCharacters(text) && !/[\t\n\r]/.test(text), { error: 'debe ser una sola línea, sin caracteres de control' })
    .optional(),
);

/** The council's phone as people write it; its digits make the page's tel: link. */
const contactPhone = optionalString.pipe(
  z
    .string()
    .regex(/^\+?[\d ().-]+$/, { error: 'debe ser un número de teléfono: dígitos, espacios, +, -, paréntesis y puntos, por ejemplo (011) 4586-1200', abort: true })
    .refine((phone) => /^(\D*\d){6,20}\D*$/.test(phone), { error: 'debe tener entre 6 y 20 dígitos' })
    .optional(),
);

/** The council's contact details in the footer, the home page's 'Contacto' and the accessibility statement, by setting. */
export const CONTACT_SETTINGS = { address: 'COUNCIL_ADDRESS', phone: 'COUNCIL_PHONE', email: 'COUNCIL_EMAIL', hours: 'COUNCIL_HOURS' } as const;
type ContactDetail = keyof typeof CONTACT_SETTINGS;

/** What `npm start` shows for a contact detail not set while DEMO_DATA is on: plausible, and nobody's. */
export const demoContact = (town: string): Record<ContactDetail, string> => ({
  address: `Av. San Martín 450, ${town}`,
  phone: '(011) 4586-1200',
  email: 'mesadeentradas@concejo.example',
  hours: 'Lunes a viernes de 8 a 14 h',
});

/** The settings of the contact details the site leaves out (unset, and no demo data to stand in). */
export function unsetContactSettings(contact: Record<ContactDetail, string | null>): string[] {
  return (Object.keys(CONTACT_SETTINGS) as ContactDetail[]).filter((detail) => contact[detail] === null).map((detail) => CONTACT_SETTINGS[detail]);
}

/** A password the server is given (ADMIN_PASSWORD, DEMO_PASSWORD): the back office's policy, long enough and not common. */
const configuredPassword = optionalString.pipe(
  z
    .string()
    .min(PASSWORD_MIN_LENGTH, { error: `debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`, abort: true })
    .refine((password) => !isCommonPassword(password), { error: 'es demasiado común o fácil de adivinar' })
    .optional(),
);

/**
 * A whole number from `min` to `max` (a setting of seconds, bytes or connections), or undefined when
 * unset or empty (its default is decided where the setting is read).
 */
const wholeNumber = (min: number, max: number, unit: string) => {
  const error = `debe ser un número entero de ${min} a ${max} (${unit})`;
  return optionalString.pipe(z.coerce.number<string | undefined>({ error }).int({ error }).min(min, { error }).max(max, { error }).optional());
};

/** Proxy-addr's names for address ranges, accepted by Fastify's trustProxy like any address. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // An IPv4 range may also be written with its netmask (10.0.0.0/255.0.0.0).
  if (version === 4 && isIP(prefix) === 4) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which hops in front of the server are trusted to tell the client's address (X-Forwarded-For): none
 * (`false`, unset), how many (a hop count) or which (addresses and CIDR ranges, comma-separated).
 * `true` is refused: trusting every hop lets any client write its own address and escape the limits.
 */
const trustProxySchema = optionalString.transform((value, ctx): false | number | string[] => {
  if (value === undefined || ['false', 'no', '0'].includes(value.toLowerCase())) return false;
  if (['true', 'yes'].includes(value.toLowerCase())) {
    ctx.addIssue({
      code: 'custom',
      message:
        'true confiaría en cualquier X-Forwarded-For: cualquier cliente podría inventar su dirección y esquivar los límites de inicio de sesión. ' +
        'Indique cuántos proxies hay delante del servidor (por ejemplo 1) o sus direcciones (por ejemplo 127.0.0.1)',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) {
      ctx.addIssue({ code: 'custom', message: 'debe ser una cantidad de proxies entre 0 y 10, o sus direcciones' });
      return z.NEVER;
    }
    return hops === 0 ? false : hops;
  }
  const entries = value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (entries.length === 0 || wrong.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `debe ser false, una cantidad de proxies (por ejemplo 1) o direcciones IP / rangos CIDR separados por comas${wrong.length ? ` (no válido: ${wrong.join(', ')})` : ''}`,
    });
    return z.NEVER;
  }
  return entries;
});

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, { error: 'debe empezar con postgres:// o postgresql://' })
        .optional(),
    ),
    DATA_DIR: z.string().min(1).default('./data'),
    ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
    ADMIN_PASSWORD: configuredPassword,
    // Default: on for a laptop, off in production (refused there, see below).
    DEMO_DATA: booleanFlag,
    // The demo accounts' password on a fresh database (tests fix it); unset: generated and printed once.
    DEMO_PASSWORD: configuredPassword,
    COUNCIL_NAME: z.string().min(1).default('Concejo Deliberante'),
    TOWN_NAME: z.string().min(1).default('Villa del Parque'),
    TOWN_REGION: z.string().min(1).default('Buenos Aires'),
    // The council's contact details as text; unset ones are left out (with DEMO_DATA on, demo ones stand in).
    COUNCIL_ADDRESS: contactLine,
    COUNCIL_PHONE: contactPhone,
    COUNCIL_EMAIL: optionalString.pipe(z.email({ error: 'debe ser una dirección de correo electrónico, por ejemplo mesadeentradas@concejo.gob.ar' }).max(254, { error: 'puede tener hasta 254 caracteres' }).optional()),
    COUNCIL_HOURS: contactLine,
    TIMEZONE: z
      .string()
      .default(DEFAULT_COUNCIL_TIME_ZONE)
      .refine(isValidTimeZone, { error: 'no es una zona horaria IANA válida' }),
    TOKEN_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(12),
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(60 * 24 * 90).default(120),
    TRUST_PROXY: trustProxySchema,
    // Behind a balancer: how long a SIGTERM may keep the listener open while traffic moves away (plugins/drain.ts).
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(20).default(0),
    // Request bodies (lib/body-timeout.ts): cut when nothing arrives this long, or slower on average than this.
    BODY_IDLE_SECONDS: wholeNumber(5, 600, 'segundos sin recibir datos'),
    BODY_MIN_BYTES_PER_SECOND: wholeNumber(0, 1_000_000, 'bytes por segundo; 0: sin mínimo'),
    // Open connections (lib/connection-limits.ts): per client address, and in all (unset: from the open-file limit).
    CONNECTIONS_PER_ADDRESS: wholeNumber(1, 100_000, 'conexiones'),
    MAX_CONNECTIONS: wholeNumber(1, 1_000_000, 'conexiones; sin valor: según el límite de archivos abiertos'),
    // Untrusted documents (uploaded PDFs, news texts) are read in worker processes with these limits.
    DOCUMENT_MEMORY_MB: z.coerce.number().int().min(128).max(16_384).default(512),
    DOCUMENT_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
    // OCR of scanned PDFs (tesseract): pages read at most per PDF, and the time one page may take.
    OCR_MAX_PAGES: z.coerce.number().int().min(1).max(2000).default(DEFAULT_OCR_SETTINGS.maxPages),
    OCR_PAGE_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(600).default(DEFAULT_OCR_SETTINGS.pageTimeoutMs / 1000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: optionalString,
    APP_SECRET: optionalString.pipe(z.string().min(32, { error: 'debe tener al menos 32 caracteres' }).optional()),
    // Outgoing e-mail (password reset, verification); unset: messages go to $DATA_DIR/mail as .eml files.
    SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/, error: 'debe ser una URL smtp:// o smtps://' }).optional()),
    MAIL_FROM: optionalString,
    // Citizens' e-mail alerts go out once a day, at this hour of the council's time zone.
    ALERTS_DIGEST_HOUR: z.coerce.number({ error: 'debe ser una hora de 0 a 23' }).int({ error: 'debe ser una hora de 0 a 23' }).min(0, { error: 'debe ser una hora de 0 a 23' }).max(23, { error: 'debe ser una hora de 0 a 23' }).default(8),
    // Third-party services for the home page, reached only by this server (keys never reach the browser).
    YOUTUBE_API_KEY: optionalString,
    YOUTUBE_CHANNEL_ID: optionalString,
    YOUTUBE_API_URL: serviceUrl('https://www.googleapis.com/youtube/v3'),
    WEATHER_API_KEY: optionalString,
    WEATHER_QUERY: optionalString,
    WEATHER_API_URL: serviceUrl('https://api.weatherapi.com/v1'),
    SOCIAL_INSTAGRAM_URL: profileUrl,
    SOCIAL_FACEBOOK_URL: profileUrl,
    SOCIAL_YOUTUBE_URL: profileUrl,
    // Uploaded files in an S3-compatible bucket instead of DATA_DIR/uploads (several instances share it).
    S3_BUCKET: optionalString,
    S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'debe ser una URL http:// o https://' }).optional()),
    S3_REGION: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: booleanFlag,
  })
  .superRefine((env, ctx) => {
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL === undefined ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD'],
        message: 'ADMIN_EMAIL y ADMIN_PASSWORD se configuran juntos',
      });
    }
    const s3Settings = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;
    if (env.S3_BUCKET === undefined) {
      for (const name of s3Settings.filter((setting) => env[setting] !== undefined)) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'se usa junto con S3_BUCKET, que falta' });
      }
    } else {
      for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (env[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: 'falta: S3_BUCKET lo necesita' });
      }
    }
    if (env.NODE_ENV === 'production' && readFlag(env.DEMO_DATA, false)) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEMO_DATA'],
        message: 'las cuentas de demostración no se crean en producción (NODE_ENV=production); quite DEMO_DATA o póngalo en false',
      });
    }
  });

function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('es-AR', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export type Config = ReturnType<typeof shapeConfig>;

function shapeConfig(env: z.infer<typeof envSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  const demoData = readFlag(env.DEMO_DATA, env.NODE_ENV !== 'production');
  const demo = demoData ? demoContact(env.TOWN_NAME) : undefined;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    databaseUrl: env.DATABASE_URL,
    dataDir,
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
    demoData,
    demoPassword: env.DEMO_PASSWORD,
    council: { name: env.COUNCIL_NAME, town: env.TOWN_NAME, region: env.TOWN_REGION, timeZone: env.TIMEZONE },
    /** The council's contact details as text (null: left out); demo ones stand in for unset ones with DEMO_DATA. */
    contact: {
      address: env.COUNCIL_ADDRESS ?? demo?.address ?? null,
      phone: env.COUNCIL_PHONE ?? demo?.phone ?? null,
      email: env.COUNCIL_EMAIL ?? demo?.email ?? null,
      hours: env.COUNCIL_HOURS ?? demo?.hours ?? null,
    },
    tokenTtlMs: env.TOKEN_TTL_HOURS * 3600_000,
    /** A session unused this long ends, whatever its absolute lifetime (tokenTtlMs). */
    sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
    trustProxy: env.TRUST_PROXY,
    /** After a SIGTERM, GET/HEAD get 503 for up to this long (until a quiet second) before the listener closes; 0: closes at once. */
    shutdownDrainMs: env.SHUTDOWN_DRAIN_SECONDS * 1000,
    /**
     * A request body from which nothing arrives for idleMs, or that averages less than
     * minBytesPerSecond past its first idleMs, is answered 408 and its connection closed.
     */
    bodies: { idleMs: (env.BODY_IDLE_SECONDS ?? 30) * 1000, minBytesPerSecond: env.BODY_MIN_BYTES_PER_SECOND ?? 1024 },
    /**
     * Most open connections from one client address (a trusted proxy's not counted) and in all
     * (undefined: what the open-file limit leaves past a reserve, found at start).
     */
    connections: { perAddress: env.CONNECTIONS_PER_ADDRESS ?? 64, total: env.MAX_CONNECTIONS },
    /** Limits of the document worker processes; a failed text extraction is retried once after retryDelayMs. */
    documents: {
      memoryMb: env.DOCUMENT_MEMORY_MB,
      timeoutMs: env.DOCUMENT_TIMEOUT_SECONDS * 1000,
      checkTimeoutMs: Math.min(20, env.DOCUMENT_TIMEOUT_SECONDS) * 1000,
      retryDelayMs: 30_000,
      /** On shutdown, a document still being read after this long is dropped; its job runs again later. */
      shutdownGraceMs: 10_000,
      /** How far a PDF's compressed streams may inflate before it is refused unread. */
      decoded: DEFAULT_DECODED_LIMITS,
      /** Scans (PDFs without a text layer) are recognised by tesseract, page by page, in the background worker. */
      ocr: { ...DEFAULT_OCR_SETTINGS, maxPages: env.OCR_MAX_PAGES, pageTimeoutMs: env.OCR_PAGE_TIMEOUT_SECONDS * 1000 },
    },
    logLevel: env.LOG_LEVEL,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
    /** Signs private file links; without APP_SECRET the server keeps a generated one in DATA_DIR. */
    appSecret: env.APP_SECRET,
    uploadsDir: path.join(dataDir, 'uploads'),
    /** Uploads too large for memory (PDFs) while their request lasts, whichever storage keeps them after. */
    uploadSpoolDir: path.join(dataDir, 'tmp', 'uploads'),
    /** Where uploaded files live: the bucket when S3_BUCKET is set, otherwise uploadsDir. */
    s3:
      env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            bucket: env.S3_BUCKET,
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION ?? 'us-east-1',
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: readFlag(env.S3_FORCE_PATH_STYLE, false),
          }
        : undefined,
    /** Outgoing e-mail: SMTP when smtpUrl is set, otherwise one .eml file per message in outboxDir. */
    mail: {
      smtpUrl: env.SMTP_URL,
      // An address object, so that a council name with commas or quotes needs no escaping.
      from: env.MAIL_FROM ?? { name: env.COUNCIL_NAME, address: `no-reply@${new URL(env.PUBLIC_URL ?? 'http://localhost').hostname}` },
      outboxDir: path.join(dataDir, 'mail'),
    },
    /** Citizens' alerts: the hour (0-23, council's time zone) the daily digest leaves. */
    alerts: { digestHour: env.ALERTS_DIGEST_HOUR },
    /** Session videos and weather on the home page; a service without its key stays off. */
    media: {
      youtube: { apiKey: env.YOUTUBE_API_KEY, channelId: env.YOUTUBE_CHANNEL_ID, apiUrl: env.YOUTUBE_API_URL },
      weather: { apiKey: env.WEATHER_API_KEY, query: env.WEATHER_QUERY ?? `${env.TOWN_NAME}, ${env.TOWN_REGION}`, apiUrl: env.WEATHER_API_URL },
    },
    social: {
      instagram: env.SOCIAL_INSTAGRAM_URL ?? null,
      facebook: env.SOCIAL_FACEBOOK_URL ?? null,
      // Without a profile URL, the channel the session videos come from.
      youtube: env.SOCIAL_YOUTUBE_URL ?? (env.YOUTUBE_CHANNEL_ID ? `https://www.youtube.com/channel/${encodeURIComponent(env.YOUTUBE_CHANNEL_ID)}` : null),
    },
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuración inválida:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment once at start-up; a wrong value stops the server naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const variable = issue.path.join('.') || 'entorno';
        const value = typeof issue.path[0] === 'string' ? env[issue.path[0]] : undefined;
        const shown = value === undefined ? 'sin valor' : /PASSWORD|URL|SECRET|KEY/.test(variable) ? 'valor oculto' : `"${value}"`;
        return `${variable} (${shown}): ${issue.message}`;
      }),
    );
  }
  return shapeConfig(parsed.data);
}

/** The configuration tests build apps with: only what a test needs to change. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_DATA: 'false', APP_SECRET: 'test-secret-test-secret-test-secret!' });
  // A failed text extraction is tried again at once rather than 30 s later.
  return { ...base, documents: { ...base.documents, retryDelayMs: 10 }, ...overrides };
}
