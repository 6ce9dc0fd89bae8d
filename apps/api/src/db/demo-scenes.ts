import sharp from 'sharp';

/**
 * Landscape-like pictures for the demo content, drawn as SVG and rendered by sharp to JPEG (what a
 * camera would give); the app then checks and re-encodes them like any upload. No file ever stored is SVG.
 */
export interface ScenePalette {
  skyTop: string;
  skyBottom: string;
  sun: string;
  far: string;
  near: string;
  ground: string;
}

export const PALETTES: Record<string, ScenePalette> = {
  dawn: { skyTop: '#27476e', skyBottom: '#f4a261', sun: '#ffd166', far: '#5c6f68', near: '#2f5233', ground: '#1e3a24' },
  noon: { skyTop: '#3a86c8', skyBottom: '#bfe3f5', sun: '#fff3b0', far: '#7fa36b', near: '#4f772d', ground: '#31572c' },
  dusk: { skyTop: '#3d2c5e', skyBottom: '#e76f51', sun: '#f9c74f', far: '#6d597a', near: '#355070', ground: '#1b263b' },
  river: { skyTop: '#5fa8d3', skyBottom: '#e0fbfc', sun: '#ffffff', far: '#90a955', near: '#4f772d', ground: '#1a759f' },
  autumn: { skyTop: '#8ecae6', skyBottom: '#fefae0', sun: '#ffb703', far: '#bc6c25', near: '#dda15e', ground: '#606c38' },
  night: { skyTop: '#0b132b', skyBottom: '#3a506b', sun: '#f1faee', far: '#1c2541', near: '#16213e', ground: '#0f0f1a' },
};

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A sky, a sun, two rows of hills, a few houses with a church tower, and optionally a title with lines under it. */
export function sceneSvg(width: number, height: number, palette: ScenePalette, options: { title?: string; subtitle?: string | string[]; seed?: number } = {}): string {
  const seed = options.seed ?? 1;
  const w = width;
  const h = height;
  const hill = (base: number, amplitude: number, phase: number) => {
    const points: string[] = [`M0 ${h}`, `L0 ${base}`];
    for (let x = 0; x <= w; x += w / 12) {
      const y = base - amplitude * Math.sin((x / w) * Math.PI * 2 + phase + seed) - (amplitude / 3) * Math.cos((x / w) * Math.PI * 5 + seed);
      points.push(`L${x.toFixed(1)} ${y.toFixed(1)}`);
    }
    points.push(`L${w} ${h} Z`);
    return points.join(' ');
  };
  const houses: string[] = [];
  const groundY = h * 0.8;
  for (let index = 0; index < 9; index += 1) {
    const x = w * (0.08 + index * 0.095) + ((seed * 37 + index * 53) % 17);
    const houseW = w * 0.05;
    const houseH = h * (0.06 + ((index + seed) % 3) * 0.015);
    houses.push(
      `<rect x="${x.toFixed(1)}" y="${(groundY - houseH).toFixed(1)}" width="${houseW.toFixed(1)}" height="${houseH.toFixed(1)}" fill="#f1e3d3" opacity="0.92"/>`,
      `<path d="M${(x - 4).toFixed(1)} ${(groundY - houseH).toFixed(1)} L${(x + houseW / 2).toFixed(1)} ${(groundY - houseH - h * 0.035).toFixed(1)} L${(x + houseW + 4).toFixed(1)} ${(groundY - houseH).toFixed(1)} Z" fill="#a4443b"/>`,
    );
  }
  const towerX = w * 0.52;
  houses.push(
    `<rect x="${towerX}" y="${groundY - h * 0.2}" width="${w * 0.03}" height="${h * 0.2}" fill="#efe6da"/>`,
    `<path d="M${towerX - 3} ${groundY - h * 0.2} L${towerX + w * 0.015} ${groundY - h * 0.27} L${towerX + w * 0.03 + 3} ${groundY - h * 0.2} Z" fill="#7a3b2e"/>`,
  );
  const fontSize = Math.round(w / 18);
  const lineSize = Math.round(fontSize * 0.45);
  const titleY = h * 0.3;
  const lines = options.subtitle === undefined ? [] : [options.subtitle].flat();
  const title = options.title
    ? `<text x="50%" y="${titleY.toFixed(0)}" text-anchor="middle" font-family="DejaVu Serif, serif" font-weight="bold" font-size="${fontSize}" fill="#ffffff" stroke="#00000055" stroke-width="2">${escapeXml(options.title)}</text>`
    : '';
  const subtitle = lines
    .map(
      (line, index) =>
        `<text x="50%" y="${(titleY + fontSize * 0.9 + index * lineSize * 1.4).toFixed(0)}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${lineSize}" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join('');
  // A dark band behind the words, so that they read over a light sky.
  const band =
    options.title || lines.length
      ? `<rect x="${(w * 0.06).toFixed(0)}" y="${(titleY - fontSize * 1.15).toFixed(0)}" width="${(w * 0.88).toFixed(0)}" height="${(fontSize * 1.6 + lines.length * lineSize * 1.4).toFixed(0)}" rx="12" fill="#000000" opacity="0.35"/>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.skyTop}"/><stop offset="1" stop-color="${palette.skyBottom}"/></linearGradient>
  <radialGradient id="glow"><stop offset="0" stop-color="${palette.sun}" stop-opacity="0.9"/><stop offset="1" stop-color="${palette.sun}" stop-opacity="0"/></radialGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  <circle cx="${w * (0.2 + (seed % 5) * 0.15)}" cy="${h * 0.33}" r="${h * 0.22}" fill="url(#glow)"/>
  <circle cx="${w * (0.2 + (seed % 5) * 0.15)}" cy="${h * 0.33}" r="${h * 0.07}" fill="${palette.sun}"/>
  <path d="${hill(h * 0.62, h * 0.06, 0.3)}" fill="${palette.far}"/>
  <path d="${hill(h * 0.72, h * 0.05, 2.1)}" fill="${palette.near}"/>
  ${houses.join('\n  ')}
  <rect y="${groundY}" width="${w}" height="${h - groundY}" fill="${palette.ground}"/>
  ${band}${title}${subtitle}
</svg>`;
}

/** The scene as a JPEG, as a phone or a camera would upload it. */
export async function sceneJpeg(width: number, height: number, palette: ScenePalette, options: Parameters<typeof sceneSvg>[3] = {}): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(width, height, palette, options))).jpeg({ quality: 88 }).toBuffer();
}
