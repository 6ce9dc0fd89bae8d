import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
