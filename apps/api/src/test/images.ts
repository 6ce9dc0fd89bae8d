import sharp from 'sharp';

/** A real photo-like raster of the given format and size (a gradient, so encoders have work to do). */
export async function sampleImage(format: 'png' | 'jpeg' | 'webp' = 'jpeg', width = 1200, height = 675): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#1d4e89"/><stop offset="1" stop-color="#f2c14e"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="#ffffff" opacity="0.5"/></svg>`;
  const image = sharp(Buffer.from(svg));
  if (format === 'png') return image.png().toBuffer();
  if (format === 'webp') return image.webp().toBuffer();
  return image.jpeg({ quality: 90 }).toBuffer();
}

export const svgImage = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
/** A script disguised by its name: it arrives as `shell.png` with type image/png. */
export const phpAsPng = Buffer.from('<?php system($_GET["c"]); ?>');

/** The first half of a JPEG: its header is right, its data is cut. */
export async function truncatedJpeg(): Promise<Buffer> {
  const full = await sampleImage('jpeg', 800, 600);
  return full.subarray(0, Math.floor(full.length / 2));
}

export interface UploadFile {
  content: Buffer;
  /** File name as the browser would send it; the server must not trust it. */
  name?: string;
  type?: string;
}

/** A multipart body as the cm forms send it: text fields and image files. */
export function imageForm(fields: Record<string, string | number | undefined>, files: Record<string, UploadFile | undefined> = {}): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) data.append(name, String(value));
  for (const [name, file] of Object.entries(files)) {
    if (!file) continue;
    data.append(name, new Blob([new Uint8Array(file.content)], { type: file.type ?? 'image/jpeg' }), file.name ?? `${name}.jpg`);
  }
  return data;
}
