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
