import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, unsetContactSettings } from './config.js';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('has working defaults for a laptop', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.demoData).toBe(true);
    expect(config.council.timeZone).toBe('America/Argentina/Buenos_Aires');
    expect(config.admin).toBeUndefined();
  });

  it('stops with a message naming each wrong variable', () => {
    const problems = problemsOf({
      PORT: 'tres mil',
      DATABASE_URL: 'mysql://x',
      DEMO_DATA: 'quizás',
      TIMEZONE: 'Marte/Olympus',
      PUBLIC_URL: 'ftp://concejo',
    });
    const named = problems.map((problem) => problem.split(' ')[0]);
    expect(named.sort()).toEqual(['DATABASE_URL', 'DEMO_DATA', 'PORT', 'PUBLIC_URL', 'TIMEZONE']);
    expect(problems.find((problem) => problem.startsWith('DATABASE_URL'))).toContain('valor oculto');
  });

  it('asks for ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(problemsOf({ ADMIN_EMAIL: 'jefa@concejo.gob.ar' })[0]).toMatch(/^ADMIN_PASSWORD .*juntos/);
    expect(problemsOf({ ADMIN_PASSWORD: 'una-clave-larga' })[0]).toMatch(/^ADMIN_EMAIL .*juntos/);
    expect(problemsOf({ ADMIN_EMAIL: 'jefa@concejo.gob.ar', ADMIN_PASSWORD: 'corta' })[0]).toMatch(/^ADMIN_PASSWORD .*8 caracteres/);
    // A common password is refused as it is in the back office, with or without digits after it.
    expect(problemsOf({ ADMIN_EMAIL: 'jefa@concejo.gob.ar', ADMIN_PASSWORD: 'argentina2026' })[0]).toMatch(/^ADMIN_PASSWORD .*común/);
    expect(problemsOf({ ADMIN_EMAIL: 'jefa@concejo.gob.ar', ADMIN_PASSWORD: '12345678' })[0]).toMatch(/^ADMIN_PASSWORD .*común/);
    expect(loadConfig({ ADMIN_EMAIL: 'jefa@concejo.gob.ar', ADMIN_PASSWORD: 'una-clave-larga' }).admin).toEqual({
      email: 'jefa@concejo.gob.ar',
      password: 'una-clave-larga',
    });
  });

  it('reads DEMO_DATA=false and strips a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({ DEMO_DATA: 'false', PUBLIC_URL: 'https://concejo.example.gob.ar/' });
    expect(config.demoData).toBe(false);
    expect(config.publicUrl).toBe('https://concejo.example.gob.ar');
  });
});

describe('demo accounts and production', () => {
  it('turns DEMO_DATA off by default when NODE_ENV=production, on otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).demoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).demoData).toBe(true);
    // An empty value (DEMO_DATA= copied from .env.example) is unset.
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: '' }).demoData).toBe(false);
    expect(loadConfig({ DEMO_DATA: ' ' }).demoData).toBe(true);
  });

  it('refuses DEMO_DATA=true in production, naming DEMO_DATA', () => {
    for (const value of ['true', '1', 'yes']) {
      const problems = problemsOf({ NODE_ENV: 'production', DEMO_DATA: value });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^DEMO_DATA .*producción/);
    }
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('takes DEMO_PASSWORD under the same policy as ADMIN_PASSWORD, and hides its value', () => {
    expect(loadConfig({}).demoPassword).toBeUndefined();
    expect(loadConfig({ DEMO_PASSWORD: 'Demo-Pruebas-2026' }).demoPassword).toBe('Demo-Pruebas-2026');
    expect(problemsOf({ DEMO_PASSWORD: 'corta' })[0]).toMatch(/^DEMO_PASSWORD \(valor oculto\): .*8 caracteres/);
    expect(problemsOf({ DEMO_PASSWORD: 'contraseña123' })[0]).toMatch(/^DEMO_PASSWORD .*común/);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, empty, false or 0', () => {
    for (const value of [undefined, '', 'false', 'FALSE', 'no', '0']) expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(false);
  });

  it('takes a hop count', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(problemsOf({ TRUST_PROXY: '99' })[0]).toMatch(/^TRUST_PROXY /);
  });

  it("takes the proxies' addresses and ranges, comma-separated", () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, ::1 ,fd00::/8,loopback, 192.168.0.0/255.255.0.0' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
      '192.168.0.0/255.255.0.0',
    ]);
  });

  it('refuses true, explaining that any client could then forge X-Forwarded-For', () => {
    for (const value of ['true', 'TRUE', 'yes']) {
      const [problem] = problemsOf({ TRUST_PROXY: value });
      expect(problem).toMatch(/^TRUST_PROXY /);
      expect(problem).toContain('X-Forwarded-For');
      expect(problem).toContain('1');
      expect(problem).toContain('127.0.0.1');
    }
  });

  it('refuses anything that is not an address or a range, naming it', () => {
    for (const value of ['proxy.local', '10.0.0.0/33', '1.2.3.4/8/8', '300.1.1.1', '-1', '1.5', ',']) {
      const [problem] = problemsOf({ TRUST_PROXY: value });
      expect(problem, value).toMatch(/^TRUST_PROXY /);
    }
    expect(problemsOf({ TRUST_PROXY: '127.0.0.1, proxy.local' })[0]).toContain('no válido: proxy.local');
  });
});

describe('sessions', () => {
  it('ends an unused session after SESSION_IDLE_MINUTES (default 120) besides TOKEN_TTL_HOURS (default 12)', () => {
    expect(loadConfig({})).toMatchObject({ sessionIdleMs: 120 * 60_000, tokenTtlMs: 12 * 3600_000 });
    expect(loadConfig({ SESSION_IDLE_MINUTES: '30' }).sessionIdleMs).toBe(30 * 60_000);
    for (const value of ['0', 'nunca', '2.5']) expect(problemsOf({ SESSION_IDLE_MINUTES: value })[0], value).toMatch(/^SESSION_IDLE_MINUTES /);
  });

  it('closes at once on SIGTERM by default; behind a balancer drains for up to SHUTDOWN_DRAIN_SECONDS (at most 20)', () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '10' }).shutdownDrainMs).toBe(10_000);
    for (const value of ['21', '-1', 'diez', '2.5']) expect(problemsOf({ SHUTDOWN_DRAIN_SECONDS: value })[0], value).toMatch(/^SHUTDOWN_DRAIN_SECONDS /);
  });
});

describe('slow clients', () => {
  it('cuts a body after BODY_IDLE_SECONDS without a byte (30) or below BODY_MIN_BYTES_PER_SECOND (1024), an empty value meaning the default', () => {
    expect(loadConfig({}).bodies).toEqual({ idleMs: 30_000, minBytesPerSecond: 1024 });
    expect(loadConfig({ BODY_IDLE_SECONDS: '60', BODY_MIN_BYTES_PER_SECOND: '0' }).bodies).toEqual({ idleMs: 60_000, minBytesPerSecond: 0 });
    expect(loadConfig({ BODY_IDLE_SECONDS: '', BODY_MIN_BYTES_PER_SECOND: ' ' }).bodies).toEqual({ idleMs: 30_000, minBytesPerSecond: 1024 });
    for (const value of ['4', '601', 'treinta', '2.5']) {
      expect(problemsOf({ BODY_IDLE_SECONDS: value }), value).toEqual([`BODY_IDLE_SECONDS ("${value}"): debe ser un número entero de 5 a 600 (segundos sin recibir datos)`]);
    }
    expect(problemsOf({ BODY_MIN_BYTES_PER_SECOND: '-1' })[0]).toMatch(/^BODY_MIN_BYTES_PER_SECOND \("-1"\): debe ser un número entero de 0 a 1000000 /);
  });

  it('bounds connections per address (64) and in all (unset: from the open-file limit at start)', () => {
    expect(loadConfig({}).connections).toEqual({ perAddress: 64, total: undefined });
    expect(loadConfig({ CONNECTIONS_PER_ADDRESS: '16', MAX_CONNECTIONS: '500' }).connections).toEqual({ perAddress: 16, total: 500 });
    expect(problemsOf({ CONNECTIONS_PER_ADDRESS: '0', MAX_CONNECTIONS: 'muchas' }).map((problem) => problem.split(' ')[0]).sort()).toEqual(['CONNECTIONS_PER_ADDRESS', 'MAX_CONNECTIONS']);
  });
});

const BUCKET = { S3_BUCKET: 'concejo-archivos', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secreto-del-bucket' };

describe('where uploaded files live (S3_*)', () => {
  it('is DATA_DIR/uploads by default, and the bucket when S3_BUCKET is set with its keys', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ DATA_DIR: '/srv/concejo' }).uploadsDir).toBe('/srv/concejo/uploads');
    expect(loadConfig(BUCKET).s3).toEqual({
      bucket: 'concejo-archivos',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secreto-del-bucket',
      forcePathStyle: false,
    });
    expect(loadConfig({ ...BUCKET, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'sa-east-1', S3_FORCE_PATH_STYLE: 'true' }).s3).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'sa-east-1',
      forcePathStyle: true,
    });
  });

  it('names a bucket setting given without S3_BUCKET, a bucket without its keys, and a bad endpoint, hiding the secret', () => {
    expect(problemsOf({ S3_ENDPOINT: 'https://s3.example.com', S3_FORCE_PATH_STYLE: 'true' })).toEqual([
      'S3_ENDPOINT ("https://s3.example.com"): se usa junto con S3_BUCKET, que falta',
      'S3_FORCE_PATH_STYLE ("true"): se usa junto con S3_BUCKET, que falta',
    ]);
    expect(problemsOf({ S3_BUCKET: 'concejo-archivos', S3_SECRET_ACCESS_KEY: 'no-se-muestra' })).toEqual(['S3_ACCESS_KEY_ID (sin valor): falta: S3_BUCKET lo necesita']);
    const bad = problemsOf({ ...BUCKET, S3_ENDPOINT: 'ftp://s3.example.com', S3_FORCE_PATH_STYLE: 'quizás' });
    expect(bad.map((problem) => problem.split(' ')[0]).sort()).toEqual(['S3_ENDPOINT', 'S3_FORCE_PATH_STYLE']);
    expect(bad.join('\n')).not.toContain('secreto-del-bucket');
  });
});

const CONTACT = {
  COUNCIL_ADDRESS: 'Hipólito Yrigoyen 1020, Villa del Parque',
  COUNCIL_PHONE: '+54 11 4586-1200',
  COUNCIL_EMAIL: 'mesadeentradas@concejo.gob.ar',
  COUNCIL_HOURS: 'Lunes a viernes de 7.30 a 13.30',
};

describe("the council's contact details (COUNCIL_ADDRESS, COUNCIL_PHONE, COUNCIL_EMAIL, COUNCIL_HOURS)", () => {
  it('reads them trimmed, whatever DEMO_DATA says', () => {
    const padded = Object.fromEntries(Object.entries(CONTACT).map(([name, value]) => [name, ` ${value} `]));
    for (const env of [{ ...padded, NODE_ENV: 'production' }, padded]) {
      expect(loadConfig(env).contact).toEqual({ address: CONTACT.COUNCIL_ADDRESS, phone: CONTACT.COUNCIL_PHONE, email: CONTACT.COUNCIL_EMAIL, hours: CONTACT.COUNCIL_HOURS });
    }
  });

  it('puts demo ones where they are unset while DEMO_DATA is on, so that npm start shows them', () => {
    const demo = loadConfig({ TOWN_NAME: 'San Pedro', COUNCIL_EMAIL: CONTACT.COUNCIL_EMAIL }).contact;
    expect(demo).toEqual({ address: 'Av. San Martín 450, San Pedro', phone: '(011) 4586-1200', email: CONTACT.COUNCIL_EMAIL, hours: 'Lunes a viernes de 8 a 14 h' });
    expect(unsetContactSettings(demo)).toEqual([]);
  });

  it('leaves unset ones out in production (or with DEMO_DATA=false), naming them for the warning at start', () => {
    const production = loadConfig({ NODE_ENV: 'production', COUNCIL_PHONE: CONTACT.COUNCIL_PHONE }).contact;
    expect(production).toEqual({ address: null, phone: CONTACT.COUNCIL_PHONE, email: null, hours: null });
    expect(unsetContactSettings(production)).toEqual(['COUNCIL_ADDRESS', 'COUNCIL_EMAIL', 'COUNCIL_HOURS']);
    expect(unsetContactSettings(loadConfig({ DEMO_DATA: 'false', COUNCIL_ADDRESS: '' }).contact)).toEqual(['COUNCIL_ADDRESS', 'COUNCIL_PHONE', 'COUNCIL_EMAIL', 'COUNCIL_HOURS']);
  });

  it('stops on a wrong e-mail or phone, a second line or an address too long, naming each variable', () => {
    expect(
      problemsOf({
        COUNCIL_EMAIL: 'mesa de entradas',
        COUNCIL_PHONE: 'llamar al 4586-1200',
        COUNCIL_ADDRESS: 'Calle 1\nPiso 2',
        COUNCIL_HOURS: 'x'.repeat(201),
      }),
    ).toEqual([
      'COUNCIL_ADDRESS ("Calle 1\nPiso 2"): debe ser una sola línea, sin caracteres de control',
      'COUNCIL_PHONE ("llamar al 4586-1200"): debe ser un número de teléfono: dígitos, espacios, +, -, paréntesis y puntos, por ejemplo (011) 4586-1200',
      'COUNCIL_EMAIL ("mesa de entradas"): debe ser una dirección de correo electrónico, por ejemplo mesadeentradas@concejo.gob.ar',
      `COUNCIL_HOURS ("${'x'.repeat(201)}"): puede tener hasta 200 caracteres`,
    ]);
    expect(problemsOf({ COUNCIL_PHONE: '123-45' })).toEqual(['COUNCIL_PHONE ("123-45"): debe tener entre 6 y 20 dígitos']);
    expect(loadConfig({ COUNCIL_PHONE: '(0223) 495.1200' }).contact.phone).toBe('(0223) 495.1200');
  });
});
