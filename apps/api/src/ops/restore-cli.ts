import { formatCouncilDateTime } from '@concejo/contracts';
import { describeContents } from './archive.js';
import { runCli } from './cli.js';
import { restoreBackup } from './restore.js';

/** `npm run restore -- <file>`: the site of a backup, into an empty DATA_DIR (or empty DATABASE_URL). */
await runCli('No se pudo restaurar la copia', async (config, args, cleanups) => {
  if (args.length !== 1) throw new Error('indique el archivo de la copia: npm run restore -- <archivo.tar.gz>');
  const { manifest, secretOverridden } = await restoreBackup(config, args[0]!, { cleanups });
  const made = formatCouncilDateTime(new Date(manifest.createdAt), config.council.timeZone);
  const where = config.databaseUrl ? `DATA_DIR=${config.dataDir} y la base de DATABASE_URL` : `DATA_DIR=${config.dataDir}`;
  const lines = [`Sitio restaurado en ${where} desde la copia del ${made}: ${describeContents(manifest)}.`, 'Inicie el servidor con esa configuración.'];
  if (secretOverridden) lines.push('Atención: APP_SECRET es distinta de la clave de la copia; el servidor usará APP_SECRET y los enlaces firmados antes de la copia dejarán de valer.');
  return lines;
});
