import path from 'node:path';
import { describeContents, formatBytes } from './archive.js';
import { createBackup } from './backup.js';
import { runCli } from './cli.js';

/**
 * `npm run backup [-- <file>]`: the site's archive, by default in $DATA_DIR/backups named by the
 * council's local date and time. Prints where it went and what it holds; works while the site runs.
 */
await runCli('No se pudo hacer la copia de seguridad', async (config, args, cleanups) => {
  if (args.length > 1) throw new Error(`se esperaba a lo sumo un argumento (el archivo de destino), llegaron ${args.length}`);
  const file = args[0] ?? path.join(config.dataDir, 'backups', `concejo-${timestamp(new Date(), config.council.timeZone)}.tar.gz`);
  const { file: written, bytes, manifest } = await createBackup(config, file, { cleanups });
  const lines = [
    `Copia de seguridad guardada en ${written} (${formatBytes(bytes)}).`,
    `Contiene ${describeContents(manifest)}${manifest.appSecret ? ' y la clave del servidor' : ''}.`,
  ];
  if (manifest.missingFiles.length > 0) {
    console.error(`Atención: ${manifest.missingFiles.length} archivos que la base menciona no estaban en el disco (${manifest.missingFiles.slice(0, 3).join(', ')}).`);
  }
  return lines;
});

/** YYYYMMDD-HHMMSS in the council's time zone, the day an operator would look for. */
function timestamp(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}${parts.month}${parts.day}-${parts.hour}${parts.minute}${parts.second}`;
}
