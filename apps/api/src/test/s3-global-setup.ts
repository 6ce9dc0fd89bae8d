import type { TestProject } from 'vitest/node';
import type { BucketSettings } from '../lib/storage.js';
import { startS3Server } from './s3-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A bucket on the run's real S3 server (Swift with s3api, scripts/s3-server.sh). */
    s3: BucketSettings;
  }
}

/** One real S3 server for the storage tests (the api-s3 project), stopped at the end of the run. */
export default async function setup(project: TestProject) {
  const server = await startS3Server();
  project.provide('s3', server.settings);
  return () => server.stop();
}
