import { createS3Storage } from '../lib/s3-storage.js';
import { createDiskStorage } from '../lib/storage.js';
import { formatBytes } from './archive.js';
import { runCli } from './cli.js';
import { migrateStorage } from './storage-migrate.js';

/**
 * `npm run storage:migrate`: copies the files of $DATA_DIR/uploads into the bucket S3_* names, under
 * the same keys, and verifies each one read back from the bucket. Safe to run again (what the bucket
 * already holds is not copied) and while the site still runs on the disk; then start the site with
 * the S3_* settings.
 */
await runCli('No se pudieron copiar los archivos al bucket', async (config, args) => {
  if (args.length > 0) throw new Error('el comando no lleva argumentos: lee DATA_DIR y las variables S3_*');
  if (!config.s3) throw new Error('falta S3_BUCKET (con S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY): es el bucket de destino');
  let shown = 0;
  const report = await migrateStorage(createDiskStorage(config.uploadsDir), createS3Storage(config.s3), (done, total) => {
    // A line every 10 % on a terminal that waits for a large store.
    if (done === total || done - shown >= Math.max(1, Math.ceil(total / 10))) {
      shown = done;
      console.log(`  ${done} de ${total} archivos...`);
    }
  });
  const total = report.copied + report.present;
  return [
    `Se copiaron ${report.copied} archivos al bucket ${config.s3.bucket}; ${report.present} ya estaban.`,
    `Los ${total} archivos (${formatBytes(report.bytes)}) se verificaron uno por uno (SHA-256) leídos desde el bucket.`,
  ];
});
