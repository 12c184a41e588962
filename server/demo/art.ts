/**
 * Demo artwork drawn in code: SVG scenes, avatars, team logos and banners and gear shots, encoded
 * to WebP by sharp. No network and no fonts needed: labels use a built-in 5x7 block font.
 */
import sharp from 'sharp';
import { between, int, pick, type Rng, rngFrom } from './random';

// ---------------------------------------------------------------------------------------------
// Block font

const GLYPHS: Record<string, string> = {
  A: '01110 10001 10001 11111 10001 10001 10001',
  B: '11110 10001 10001 11110 10001 10001 11110',
  C: '01110 10001 10000 10000 10000 10001 01110',
  D: '11110 10001 10001 10001 10001 10001 11110',
  E: '11111 10000 10000 11110 10000 10000 11111',
  F: '11111 10000 10000 11110 10000 10000 10000',
  G: '01110 10001 10000 10111 10001 10001 01110',
  H: '10001 10001 10001 11111 10001 10001 10001',
  I: '01110 00100 00100 00100 00100 00100 01110',
  J: '00111 00010 00010 00010 00010 10010 01100',
  K: '10001 10010 10100 11000 10100 10010 10001',
  L: '10000 10000 10000 10000 10000 10000 11111',
  M: '10001 11011 10101 10101 10001 10001 10001',
  N: '10001 10001 11001 10101 10011 10001 10001',
  O: '01110 10001 10001 10001 10001 10001 01110',
  P: '11110 10001 10001 11110 10000 10000 10000',
  Q: '01110 10001 10001 10001 10101 10010 01101',
  R: '11110 10001 10001 11110 10100 10010 10001',
  S: '01111 10000 10000 01110 00001 00001 11110',
  T: '11111 00100 00100 00100 00100 00100 00100',
  U: '10001 10001 10001 10001 10001 10001 01110',
  V: '10001 10001 10001 10001 10001 01010 00100',
  W: '10001 10001 10001 10101 10101 10101 01010',
  X: '10001 10001 01010 00100 01010 10001 10001',
  Y: '10001 10001 01010 00100 00100 00100 00100',
  Z: '11111 00001 00010 00100 01000 10000 11111',
  '0': '01110 10001 10011 10101 11001 10001 01110',
  '1': '00100 01100 00100 00100 00100 00100 01110',
  '2': '01110 10001 00001 00010 00100 01000 11111',
  '3': '11110 00001 00001 01110 00001 00001 11110',
  '4': '00010 00110 01010 10010 11111 00010 00010',
  '5': '11111 10000 11110 00001 00001 10001 01110',
  '6': '00110 01000 10000 11110 10001 10001 01110',
  '7': '11111 00001 00010 00100 01000 01000 01000',
  '8': '01110 10001 10001 01110 10001 10001 01110',
  '9': '01110 10001 10001 01111 00001 00010 01100',
  '-': '00000 00000 00000 01110 00000 00000 00000',
  '.': '00000 00000 00000 00000 00000 01100 01100',
  "'": '00100 00100 01000 00000 00000 00000 00000',
  '/': '00001 00001 00010 00100 01000 10000 10000',
  '&': '01100 10010 10100 01000 10101 10010 01101',
  '#': '01010 01010 11111 01010 11111 01010 01010',
  ':': '00000 01100 01100 00000 01100 01100 00000',
};

/** Width in pixels of `text` drawn with square cells of `cell` pixels. */
export const textWidth = (text: string, cell: number) => Math.max(0, text.length * 6 * cell - cell);

/** `text` in the block font, top edge at `y`; each lit row run is one rectangle. */
export function blockText(
  text: string,
  x: number,
  y: number,
  cell: number,
  fill: string,
  align: 'start' | 'middle' | 'end' = 'start',
): string {
  const chars = [...text.toUpperCase()];
  const width = textWidth(text, cell);
  let cx = align === 'middle' ? x - width / 2 : align === 'end' ? x - width : x;
  const rects: string[] = [];
  for (const ch of chars) {
    const glyph = GLYPHS[ch];
    if (glyph) {
      glyph.split(' ').forEach((row, r) => {
        let c = 0;
        while (c < 5) {
          if (row[c] !== '1') {
            c++;
            continue;
          }
          let end = c;
          while (end < 5 && row[end] === '1') end++;
          rects.push(
            `<rect x="${n(cx + c * cell)}" y="${n(y + r * cell)}" width="${n((end - c) * cell)}" height="${n(cell)}"/>`,
          );
          c = end;
        }
      });
    }
    cx += 6 * cell;
  }
  return `<g fill="${fill}">${rects.join('')}</g>`;
}

/** The largest cell size (at most `max`) that fits `text` in `width` pixels. */
export const cellFor = (text: string, width: number, max: number) =>
  Math.max(2, Math.min(max, Math.floor((width + 1) / Math.max(1, text.length * 6 - 1))));

// ---------------------------------------------------------------------------------------------
// Helpers

const n = (v: number) => Math.round(v * 10) / 10;
const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h)},${Math.round(s)}%,${Math.round(l)}%)`;

function doc(width: number, height: number, body: string, viewBox = `0 0 ${width} ${height}`): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}" preserveAspectRatio="xMidYMid slice">${body}</svg>`;
}

const linear = (id: string, stops: [number, string, number?][], vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a ?? 1}"/>`)
    .join('')}</linearGradient>`;

const radial = (id: string, cx: number, cy: number, r: number, stops: [number, string, number?][]) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a ?? 1}"/>`)
    .join('')}</radialGradient>`;

const VIGNETTE = radial('vig', 0.5, 0.5, 0.75, [
  [0.55, '#000', 0],
  [1, '#000', 0.5],
]);

/** A jagged ridge from the left edge to the right, closed along the bottom. */
function ridge(rng: Rng, base: number, amplitude: number, steps: number, fill: string, width = 1200): string {
  const pts: string[] = [`0,800`, `0,${n(base + between(rng, -amplitude, amplitude) / 2)}`];
  for (let i = 1; i <= steps; i++) {
    pts.push(`${n((i / steps) * width)},${n(base - between(rng, 0, amplitude))}`);
  }
  pts.push(`${width},800`);
  return `<polygon points="${pts.join(' ')}" fill="${fill}"/>`;
}

/** Rolling ground: a smooth curve across the frame. */
function rolling(rng: Rng, base: number, amplitude: number, fill: string): string {
  const y = () => n(base + between(rng, -amplitude, amplitude));
  return `<path d="M0 800 L0 ${y()} Q300 ${y()} 600 ${y()} T1200 ${y()} L1200 800 Z" fill="${fill}"/>`;
}

function pine(x: number, baseY: number, h: number, w: number, fill: string): string {
  const tiers = [0, 1, 2].map((i) => {
    const top = baseY - h + i * h * 0.24;
    const bottom = top + h * 0.46;
    const half = w * (0.28 + 0.16 * i);
    return `${n(x)},${n(top)} ${n(x + half)},${n(bottom)} ${n(x - half)},${n(bottom)}`;
  });
  return `<g fill="${fill}">${tiers.map((p) => `<polygon points="${p}"/>`).join('')}<rect x="${n(x - w * 0.05)}" y="${n(baseY - h * 0.08)}" width="${n(w * 0.1)}" height="${n(h * 0.1)}"/></g>`;
}

function treeline(rng: Rng, baseY: number, minH: number, maxH: number, fill: string): string {
  const trees: string[] = [];
  for (let x = -20; x < 1230; x += between(rng, 16, 38)) {
    const h = between(rng, minH, maxH);
    trees.push(pine(x, baseY + between(rng, -6, 10), h, h * between(rng, 0.42, 0.55), fill));
  }
  return trees.join('');
}

type Pose = 'stand' | 'kneel';

/** A player silhouette aiming a rifle; (x, y) is between the feet. */
function player(x: number, y: number, scale: number, facing: 1 | -1, pose: Pose, fill: string): string {
  const lift = pose === 'kneel' ? 34 : 0;
  const upper = `<g transform="translate(0 ${lift})">
<path d="M33 32 Q33 8 50 8 Q67 8 67 32 Z"/><circle cx="50" cy="34" r="12"/>
<rect x="36" y="46" width="30" height="58" rx="7"/><rect x="31" y="52" width="40" height="34" rx="5"/>
<rect x="26" y="58" width="96" height="9" rx="2"/><rect x="120" y="60" width="18" height="4"/>
<rect x="64" y="64" width="9" height="20" rx="2" transform="rotate(14 68 64)"/>
<rect x="60" y="49" width="26" height="8" rx="2"/><path d="M58 58 L94 62 L94 71 L56 70 Z"/></g>`;
  const legs =
    pose === 'stand'
      ? `<path d="M40 100 L52 100 L46 170 L34 170 Z"/><path d="M54 100 L66 100 L76 170 L64 170 Z"/>
<rect x="28" y="166" width="22" height="12" rx="3"/><rect x="62" y="166" width="22" height="12" rx="3"/>`
      : `<path d="M54 128 L92 128 L92 142 L54 142 Z"/><rect x="80" y="130" width="13" height="48" rx="3"/>
<path d="M40 130 L54 130 L44 168 L30 168 Z"/><rect x="10" y="164" width="36" height="14" rx="4"/>`;
  const sx = n(scale * facing);
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${sx} ${n(scale)}) translate(-50 -178)" fill="${fill}">${upper}${legs}</g>`;
}

function people(
  rng: Rng,
  count: number,
  groundY: number,
  fill: string,
  minScale = 0.9,
  maxScale = 1.5,
): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = 120 + ((i + between(rng, 0.1, 0.9)) / count) * 960;
    const s = between(rng, minScale, maxScale);
    out.push(player(x, groundY + s * 40, s, rng() < 0.5 ? 1 : -1, rng() < 0.35 ? 'kneel' : 'stand', fill));
  }
  return out.join('');
}

function tracers(rng: Rng, count: number, color: string): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const x1 = between(rng, 100, 1100);
    const y1 = between(rng, 380, 620);
    const angle = between(rng, -0.25, 0.25) + (rng() < 0.5 ? 0 : Math.PI);
    const len = between(rng, 90, 220);
    const x2 = x1 + Math.cos(angle) * len;
    const y2 = y1 + Math.sin(angle) * len;
    const line = `x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke-linecap="round"`;
    out.push(`<line ${line} stroke="${color}" stroke-width="10" stroke-opacity="0.25"/>`);
    out.push(`<line ${line} stroke="${color}" stroke-width="3"/>`);
  }
  return out.join('');
}

function smoke(rng: Rng, count: number, color: string): string {
  const puffs: string[] = [];
  const cx = between(rng, 250, 950);
  const cy = between(rng, 430, 560);
  for (let i = 0; i < count; i++) {
    puffs.push(
      `<circle cx="${n(cx + between(rng, -160, 160))}" cy="${n(cy + between(rng, -70, 40))}" r="${n(between(rng, 50, 110))}" fill="url(#puff)"/>`,
    );
  }
  return `<defs>${radial('puff', 0.5, 0.5, 0.5, [
    [0, color, 0.55],
    [1, color, 0],
  ])}</defs>${puffs.join('')}`;
}

// ---------------------------------------------------------------------------------------------
// Scenes (drawn on a 1200x800 canvas)

export const SCENES = ['forest', 'snow', 'desert', 'night', 'urban', 'speedsoft', 'fort', 'sunset'] as const;
export type Scene = (typeof SCENES)[number];

function sceneBody(kind: Scene, rng: Rng, opts: { people?: number } = {}): string {
  const crowd = opts.people ?? int(rng, 1, 4);
  switch (kind) {
    case 'forest':
      return `<defs>${linear('sky', [
        [0, '#8fb3c9'],
        [1, '#eadbb0'],
      ])}${radial('sun', 0.72, 0.28, 0.35, [
        [0, '#fff4cf', 0.9],
        [1, '#fff4cf', 0],
      ])}${VIGNETTE}</defs>
<rect width="1200" height="800" fill="url(#sky)"/><rect width="1200" height="800" fill="url(#sun)"/>
${ridge(rng, 420, 90, 9, '#7d907a')}${treeline(rng, 520, 110, 190, '#4a5d44')}${rolling(rng, 560, 20, '#3a4a2f')}
${treeline(rng, 600, 170, 300, '#26331f')}${rolling(rng, 640, 16, '#2f3b24')}
${rng() < 0.5 ? smoke(rng, 6, '#e8e8e0') : ''}${people(rng, crowd, 640, '#161d12')}
${rng() < 0.4 ? tracers(rng, 3, '#9dff7a') : ''}<rect width="1200" height="800" fill="url(#vig)"/>`;
    case 'snow':
      return `<defs>${linear('sky', [
        [0, '#b9c9d8'],
        [1, '#eef2f6'],
      ])}${VIGNETTE}</defs>
<rect width="1200" height="800" fill="url(#sky)"/>${ridge(rng, 430, 110, 7, '#cfd9e2')}
${treeline(rng, 540, 120, 200, '#5b6e66')}${rolling(rng, 580, 18, '#e9eef3')}${treeline(rng, 610, 160, 280, '#2f4036')}
${rolling(rng, 650, 14, '#f6f8fa')}${people(rng, crowd, 650, '#27313a')}
<rect width="1200" height="800" fill="url(#vig)"/>`;
    case 'desert':
      return `<defs>${linear('sky', [
        [0, '#f0a868'],
        [1, '#f9e3b5'],
      ])}${radial('sun', 0.25, 0.3, 0.3, [
        [0, '#fffbe6', 1],
        [1, '#fffbe6', 0],
      ])}${VIGNETTE}</defs>
<rect width="1200" height="800" fill="url(#sky)"/><rect width="1200" height="800" fill="url(#sun)"/>
${ridge(rng, 470, 70, 5, '#c99a6b')}${rolling(rng, 560, 30, '#d9a066')}${rolling(rng, 630, 24, '#c4874d')}
<g fill="#6b4b2e"><rect x="${int(rng, 700, 900)}" y="560" width="46" height="70" rx="6"/><rect x="${int(rng, 180, 400)}" y="575" width="120" height="55" rx="4"/></g>
${smoke(rng, 5, '#e9d3b0')}${people(rng, crowd, 650, '#3f2b1d')}<rect width="1200" height="800" fill="url(#vig)"/>`;
    case 'night': {
      const stars = Array.from(
        { length: 70 },
        () =>
          `<circle cx="${int(rng, 0, 1200)}" cy="${int(rng, 0, 420)}" r="${n(between(rng, 0.8, 2.2))}" fill="#fff" fill-opacity="${n(between(rng, 0.4, 1))}"/>`,
      ).join('');
      return `<defs>${linear('sky', [
        [0, '#070d24'],
        [1, '#26406b'],
      ])}${VIGNETTE}</defs>
<rect width="1200" height="800" fill="url(#sky)"/>${stars}<circle cx="${int(rng, 820, 1040)}" cy="150" r="46" fill="#f4f1de"/>
${ridge(rng, 470, 80, 8, '#18264a')}${treeline(rng, 600, 160, 290, '#0a1126')}${rolling(rng, 640, 12, '#0c1530')}
${tracers(rng, 7, '#a4ff80')}${tracers(rng, 2, '#ff6b5e')}${people(rng, crowd, 640, '#03060f')}
<rect width="1200" height="800" fill="url(#vig)"/>`;
    }
    case 'urban': {
      const buildings: string[] = [];
      for (let x = -10; x < 1200; ) {
        const w = int(rng, 110, 220);
        const h = int(rng, 180, 360);
        const top = 600 - h;
        buildings.push(`<rect x="${x}" y="${top}" width="${w}" height="${h}" fill="#2b2735"/>`);
        for (let wy = top + 24; wy < 560; wy += 46) {
          for (let wx = x + 16; wx < x + w - 30; wx += 42) {
            const lit = rng() < 0.3;
            buildings.push(
              `<rect x="${wx}" y="${wy}" width="22" height="26" fill="${lit ? '#ffcf7a' : '#3d384b'}"/>`,
            );
          }
        }
        x += w + int(rng, 6, 30);
      }
      return `<defs>${linear('sky', [
        [0, '#47395e'],
        [0.6, '#d9735a'],
        [1, '#f3a56b'],
      ])}${VIGNETTE}</defs>
<rect width="1200" height="800" fill="url(#sky)"/>${buildings.join('')}
<rect y="600" width="1200" height="200" fill="#37353d"/>
<g><rect x="${int(rng, 60, 300)}" y="520" width="260" height="110" fill="#7a3b2e"/><rect x="${int(rng, 700, 880)}" y="540" width="220" height="90" fill="#2e5a7a"/></g>
${people(rng, crowd, 640, '#121017')}${rng() < 0.5 ? tracers(rng, 3, '#9dff7a') : ''}
<rect width="1200" height="800" fill="url(#vig)"/>`;
    }
    case 'speedsoft': {
      const colors = ['#e63946', '#1d7fe0', '#f4a261', '#2a9d8f', '#e9c46a'];
      const bunkers: string[] = [];
      for (let i = 0; i < 7; i++) {
        const c = pick(rng, colors);
        const x = int(rng, 40, 1080);
        const h = int(rng, 90, 200);
        const w = int(rng, 60, 140);
        const y = 640 - h + int(rng, -10, 30);
        bunkers.push(
          `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${Math.min(w, h) / 2}" fill="${c}"/><rect x="${x + w * 0.2}" y="${y + 12}" width="${w * 0.15}" height="${h - 24}" rx="6" fill="#fff" fill-opacity="0.25"/>`,
        );
      }
      const beams = [200, 600, 1000]
        .map(
          (x) =>
            `<polygon points="${x - 20},0 ${x + 20},0 ${x + 160},640 ${x - 160},640" fill="#fff" fill-opacity="0.06"/>`,
        )
        .join('');
      const net = Array.from(
        { length: 25 },
        (_, i) =>
          `<line x1="${i * 50}" y1="60" x2="${i * 50}" y2="420" stroke="#fff" stroke-opacity="0.08"/>`,
      ).join('');
      return `<defs>${linear('sky', [
        [0, '#12161f'],
        [1, '#2d3447'],
      ])}${VIGNETTE}</defs>
<rect width="1200" height="800" fill="url(#sky)"/>${net}${beams}<rect y="600" width="1200" height="200" fill="#2f7d3f"/>
<g stroke="#fff" stroke-opacity="0.5" stroke-width="4"><line x1="0" y1="700" x2="1200" y2="700"/><line x1="600" y1="600" x2="600" y2="800"/></g>
${bunkers.join('')}${people(rng, crowd, 660, '#0c0f15', 0.8, 1.3)}<rect width="1200" height="800" fill="url(#vig)"/>`;
    }
    case 'fort': {
      const planks = Array.from(
        { length: 14 },
        (_, i) =>
          `<rect x="${280 + i * 46}" y="${int(rng, 360, 400)}" width="42" height="260" fill="${i % 2 ? '#7a5a3a' : '#6d4f33'}"/>`,
      ).join('');
      return `<defs>${linear('sky', [
        [0, '#5f9bd6'],
        [1, '#d4e6f5'],
      ])}${VIGNETTE}</defs>
<rect width="1200" height="800" fill="url(#sky)"/>${ridge(rng, 470, 60, 6, '#8aa37a')}${treeline(rng, 560, 110, 180, '#3f5a34')}
${planks}<rect x="520" y="430" width="90" height="60" fill="#2b1f14"/><rect x="280" y="600" width="644" height="24" fill="#5a4129"/>
${rolling(rng, 640, 14, '#6b7f3a')}<g fill="#1e1e1e"><ellipse cx="160" cy="650" rx="70" ry="22"/><ellipse cx="160" cy="625" rx="70" ry="22"/><ellipse cx="1040" cy="660" rx="70" ry="22"/></g>
${people(rng, crowd, 650, '#1d2414')}<rect width="1200" height="800" fill="url(#vig)"/>`;
    }
    case 'sunset':
      return `<defs>${linear('sky', [
        [0, '#2d1e4a'],
        [0.45, '#c2486a'],
        [0.8, '#f6a04d'],
        [1, '#ffd88a'],
      ])}${VIGNETTE}</defs>
<rect width="1200" height="800" fill="url(#sky)"/><circle cx="${int(rng, 400, 800)}" cy="560" r="110" fill="#ffe2a0" fill-opacity="0.9"/>
${ridge(rng, 560, 40, 12, '#4b2a3f')}${rolling(rng, 620, 10, '#2a1a2a')}${treeline(rng, 640, 90, 170, '#1c1220')}
${people(rng, crowd, 660, '#140c16')}<rect width="1200" height="800" fill="url(#vig)"/>`;
  }
}

/** A photo-like scene, `width` x `height` (the canvas is cropped to fit). */
export function sceneSvg(kind: Scene, seed: string, width = 1200, height = 800, people?: number): string {
  // Wide crops (profile covers) keep the band with the ground and the players in it.
  const visible = Math.min(800, (1200 * height) / width);
  const top = Math.max(0, Math.min(800 - visible, 690 - visible));
  return doc(width, height, sceneBody(kind, rngFrom(seed), { people }), `0 ${n(top)} 1200 ${n(visible)}`);
}

/** A scene with a dark band and a block-letter title: event, news and tutorial images. */
export function posterSvg(
  kind: Scene,
  seed: string,
  title: string,
  opts: { tag?: string; play?: boolean; width?: number; height?: number } = {},
): string {
  const width = opts.width ?? 1200;
  const height = opts.height ?? 800;
  const cell = cellFor(title, 1040, 11);
  const tag = opts.tag?.toUpperCase();
  const tagCell = 4;
  const overlay = `<defs>${linear('band', [
    [0, '#000', 0],
    [1, '#000', 0.8],
  ])}</defs><rect y="480" width="1200" height="320" fill="url(#band)"/>
<rect x="80" y="${n(690 - 7 * cell)}" width="70" height="8" fill="#a3e635"/>
${blockText(title, 80, 710 - 7 * cell, cell, '#ffffff')}
${
  tag
    ? `<rect x="80" y="140" width="${textWidth(tag, tagCell) + 40}" height="${7 * tagCell + 24}" rx="6" fill="#000" fill-opacity="0.55"/>${blockText(tag, 100, 152, tagCell, '#a3e635')}`
    : ''
}
${
  opts.play
    ? '<circle cx="600" cy="380" r="72" fill="#000" fill-opacity="0.55"/><polygon points="578,340 578,420 644,380" fill="#fff"/>'
    : ''
}`;
  return doc(width, height, `${sceneBody(kind, rngFrom(seed), { people: 2 })}${overlay}`, '0 0 1200 800');
}

// ---------------------------------------------------------------------------------------------
// People and teams

/** A square avatar: camo-dotted gradient, a ring and the player's initials. */
export function avatarSvg(initials: string, hue: number, seed: string): string {
  const rng = rngFrom(seed);
  const blobs = Array.from(
    { length: 9 },
    () =>
      `<ellipse cx="${int(rng, 0, 256)}" cy="${int(rng, 0, 256)}" rx="${int(rng, 20, 60)}" ry="${int(rng, 12, 34)}" transform="rotate(${int(rng, 0, 180)} 128 128)" fill="${hsl(hue + between(rng, -20, 20), 35, between(rng, 18, 40))}" fill-opacity="0.45"/>`,
  ).join('');
  const text = initials.slice(0, 3).toUpperCase();
  const cell = cellFor(text, 150, 12);
  return doc(
    256,
    256,
    `<defs>${linear('bg', [
      [0, hsl(hue, 45, 42)],
      [1, hsl(hue + 40, 40, 22)],
    ])}</defs><rect width="256" height="256" fill="url(#bg)"/>${blobs}
<circle cx="128" cy="128" r="100" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="4"/>
<g stroke="#fff" stroke-opacity="0.35" stroke-width="4"><line x1="128" y1="14" x2="128" y2="44"/><line x1="128" y1="212" x2="128" y2="242"/><line x1="14" y1="128" x2="44" y2="128"/><line x1="212" y1="128" x2="242" y2="128"/></g>
${blockText(text, 128, 128 - 3.5 * cell, cell, '#ffffff', 'middle')}`,
  );
}

/** A team crest: shield in the team colour with chevrons and the team tag. */
export function logoSvg(tag: string, color: string, seed: string): string {
  const rng = rngFrom(seed);
  const cell = cellFor(tag, 120, 10);
  const chevrons = rng() < 0.5;
  return doc(
    256,
    256,
    `<defs>${linear('bg', [
      [0, '#1f2420'],
      [1, '#0d0f0d'],
    ])}${linear('shield', [
      [0, color],
      [1, '#111', 1],
    ])}</defs><rect width="256" height="256" fill="url(#bg)"/>
<path d="M128 22 L214 52 L214 124 Q214 196 128 236 Q42 196 42 124 L42 52 Z" fill="url(#shield)" stroke="#e5e7eb" stroke-width="6"/>
${
  chevrons
    ? '<g fill="none" stroke="#fff" stroke-opacity="0.4" stroke-width="10"><polyline points="78,170 128,196 178,170"/><polyline points="88,194 128,214 168,194"/></g>'
    : '<g fill="#fff" fill-opacity="0.35"><polygon points="128,52 136,70 156,70 140,82 146,100 128,89 110,100 116,82 100,70 120,70"/></g>'
}
${blockText(tag, 128, 112, cell, '#ffffff', 'middle')}`,
  );
}

/** A wide camouflage banner in the team colour with the team name. */
export function bannerSvg(name: string, color: string, seed: string, width = 1200, height = 400): string {
  const rng = rngFrom(seed);
  const tones = ['#000', '#fff', color];
  const blobs: string[] = [];
  for (let i = 0; i < 70; i++) {
    const pts = Array.from({ length: 6 }, (_, k) => {
      const a = (k / 6) * Math.PI * 2;
      const r = between(rng, 30, 80);
      return `${n(Math.cos(a) * r * 1.6)},${n(Math.sin(a) * r)}`;
    }).join(' ');
    blobs.push(
      `<polygon points="${pts}" transform="translate(${int(rng, -40, 1240)} ${int(rng, -40, 440)}) rotate(${int(rng, 0, 180)})" fill="${pick(rng, tones)}" fill-opacity="${n(between(rng, 0.12, 0.3))}"/>`,
    );
  }
  const cell = cellFor(name, 700, 10);
  const stripes = Array.from(
    { length: 6 },
    (_, i) =>
      `<polygon points="${900 + i * 60},400 ${960 + i * 60},400 ${1160 + i * 60},0 ${1100 + i * 60},0" fill="#000" fill-opacity="0.22"/>`,
  ).join('');
  return doc(
    width,
    height,
    `<defs>${linear(
      'shade',
      [
        [0, '#000', 0.65],
        [0.7, '#000', 0],
      ],
      false,
    )}</defs><rect width="1200" height="400" fill="${color}"/>${blobs.join('')}${stripes}
<rect width="1200" height="400" fill="url(#shade)"/>
<rect x="70" y="${n(230 - 7 * cell - 30)}" width="90" height="10" fill="#fff"/>${blockText(name, 70, 230 - 7 * cell, cell, '#ffffff')}`,
    '0 0 1200 400',
  );
}

// ---------------------------------------------------------------------------------------------
// Gear shots

export const GEAR_KINDS = [
  'rifle',
  'sniper',
  'pistol',
  'helmet',
  'vest',
  'optic',
  'radio',
  'mask',
  'bbs',
] as const;
export type GearKind = (typeof GEAR_KINDS)[number];

function slots(x: number, y: number, count: number, step: number, w: number, h: number, fill: string) {
  return Array.from(
    { length: count },
    (_, i) =>
      `<rect x="${x + i * step}" y="${y}" width="${w}" height="${h}" rx="${Math.min(w, h) / 2}" fill="${fill}"/>`,
  ).join('');
}

function gearItem(kind: GearKind, body: string, accent: string): string {
  const dark = '#15171a';
  switch (kind) {
    case 'rifle':
      return `<g><path d="M170 352 L300 340 L300 425 L190 446 Z" fill="${body}"/><rect x="296" y="366" width="100" height="28" rx="6" fill="${dark}"/>
<rect x="390" y="338" width="232" height="74" rx="8" fill="${body}"/><rect x="390" y="318" width="400" height="22" fill="${dark}"/>${slots(398, 322, 28, 14, 8, 14, '#2c3036')}
<rect x="620" y="336" width="262" height="60" rx="6" fill="${body}"/>${slots(640, 356, 6, 40, 26, 12, dark)}
<rect x="880" y="354" width="112" height="16" fill="${dark}"/><rect x="990" y="346" width="42" height="30" rx="4" fill="${dark}"/>
<path d="M500 410 L560 410 L588 545 L526 552 Z" fill="${dark}"/><path d="M420 406 L466 406 L450 504 L404 498 Z" fill="${dark}"/>
<path d="M466 410 Q470 448 505 446" fill="none" stroke="${dark}" stroke-width="8"/>
<rect x="540" y="292" width="26" height="28" fill="${dark}"/><rect x="510" y="262" width="96" height="46" rx="14" fill="${dark}"/><circle cx="592" cy="285" r="14" fill="${accent}"/></g>`;
    case 'sniper':
      return `<g><path d="M150 350 L330 338 L360 380 L330 430 L160 452 Z" fill="${body}"/><path d="M330 338 L700 338 L700 392 L360 400 Z" fill="${body}"/>
<rect x="700" y="350" width="340" height="18" fill="${dark}"/><rect x="1030" y="344" width="60" height="30" rx="6" fill="${dark}"/>
<rect x="470" y="388" width="60" height="44" fill="${dark}"/><path d="M360 392 L410 392 L396 470 L350 462 Z" fill="${dark}"/>
<rect x="430" y="262" width="300" height="42" rx="20" fill="${dark}"/><rect x="400" y="254" width="60" height="58" rx="12" fill="${dark}"/><rect x="700" y="250" width="70" height="66" rx="12" fill="${dark}"/>
<rect x="560" y="240" width="30" height="24" rx="4" fill="${dark}"/><circle cx="760" cy="283" r="18" fill="${accent}" fill-opacity="0.8"/>
<rect x="470" y="302" width="24" height="36" fill="${dark}"/><rect x="650" y="302" width="24" height="36" fill="${dark}"/></g>`;
    case 'pistol':
      return `<g><rect x="360" y="300" width="480" height="92" rx="12" fill="${body}"/>${slots(380, 312, 8, 16, 7, 64, dark)}
<rect x="620" y="312" width="110" height="30" rx="4" fill="${dark}"/><rect x="840" y="318" width="26" height="50" rx="4" fill="${dark}"/>
<rect x="800" y="288" width="18" height="14" fill="${dark}"/><rect x="380" y="286" width="28" height="16" fill="${dark}"/>
<rect x="380" y="388" width="430" height="42" rx="6" fill="${dark}"/><path d="M388 420 L530 420 L498 640 L350 626 Z" fill="${dark}"/>
${slots(380, 460, 6, 24, 110, 6, '#2c3036')}<path d="M528 428 Q536 500 600 486 L642 428" fill="none" stroke="${dark}" stroke-width="12"/>
<rect x="345" y="624" width="160" height="28" rx="8" fill="${accent}" transform="rotate(5 425 638)"/></g>`;
    case 'helmet':
      return `<g><path d="M370 560 C370 300 470 230 600 230 C730 230 830 300 830 560 Z" fill="${body}"/>
<path d="M400 560 Q420 470 500 470 L700 470 Q780 470 800 560 Z" fill="${dark}" fill-opacity="0.55"/>
<path d="M392 470 Q390 360 450 300" fill="none" stroke="${dark}" stroke-width="22"/><path d="M808 470 Q810 360 750 300" fill="none" stroke="${dark}" stroke-width="22"/>
<rect x="540" y="330" width="160" height="80" rx="12" fill="${accent}" fill-opacity="0.8"/>${slots(555, 345, 5, 28, 14, 50, '#000')}
<rect x="560" y="246" width="80" height="56" rx="10" fill="${dark}"/>${slots(470, 300, 3, 40, 16, 16, dark)}${slots(690, 300, 3, 40, 16, 16, dark)}
<path d="M440 560 L520 640 L680 640 L760 560" fill="none" stroke="${dark}" stroke-width="12"/></g>`;
    case 'vest':
      return `<g><path d="M420 210 L500 210 L525 290 L675 290 L700 210 L780 210 L805 300 L815 640 L385 640 L395 300 Z" fill="${body}"/>
${Array.from({ length: 9 }, (_, i) => `<rect x="400" y="${420 + i * 24}" width="400" height="6" fill="${dark}" fill-opacity="0.35"/>`).join('')}
<rect x="500" y="315" width="200" height="90" rx="10" fill="${body}" stroke="${dark}" stroke-opacity="0.5" stroke-width="6"/><rect x="540" y="335" width="120" height="40" rx="6" fill="${accent}"/>
${[450, 555, 660].map((x) => `<rect x="${x}" y="430" width="90" height="160" rx="10" fill="${body}" stroke="${dark}" stroke-opacity="0.5" stroke-width="6"/><rect x="${x + 8}" y="430" width="74" height="40" rx="6" fill="${dark}" fill-opacity="0.35"/>`).join('')}
<rect x="330" y="470" width="60" height="130" rx="10" fill="${body}" stroke="${dark}" stroke-opacity="0.5" stroke-width="6"/><rect x="352" y="380" width="12" height="92" fill="${dark}"/></g>`;
    case 'optic':
      return `<g><rect x="390" y="300" width="430" height="210" rx="44" fill="${body}"/><rect x="360" y="330" width="60" height="150" rx="20" fill="${dark}"/><rect x="790" y="320" width="60" height="170" rx="20" fill="${dark}"/>
<circle cx="820" cy="405" r="58" fill="url(#glass)"/><circle cx="820" cy="405" r="8" fill="#ff2d2d"/><circle cx="820" cy="405" r="22" fill="#ff2d2d" fill-opacity="0.25"/>
<rect x="560" y="250" width="70" height="56" rx="10" fill="${dark}"/><rect x="830" y="250" width="10" height="10" fill="none"/><rect x="470" y="505" width="290" height="60" rx="8" fill="${dark}"/>
${slots(490, 575, 7, 38, 22, 16, dark)}<rect x="650" y="330" width="80" height="26" rx="6" fill="${accent}"/></g>`;
    case 'radio':
      return `<g><rect x="520" y="110" width="36" height="210" rx="16" fill="${dark}"/><rect x="470" y="300" width="260" height="390" rx="30" fill="${body}"/>
<circle cx="640" cy="286" r="22" fill="${dark}"/><rect x="500" y="340" width="200" height="90" rx="8" fill="#9fd39a"/>${blockText('CH 07', 520, 364, 6, '#1b3a1a')}
${[0, 1, 2, 3].map((r) => slots(510, 460 + r * 50, 3, 66, 48, 34, dark)).join('')}<rect x="440" y="360" width="34" height="110" rx="10" fill="${accent}"/>
<path d="M730 600 C860 640 860 720 920 720" fill="none" stroke="${dark}" stroke-width="12"/><rect x="900" y="680" width="90" height="70" rx="14" fill="${dark}"/></g>`;
    case 'mask':
      return `<defs><pattern id="mesh" width="18" height="18" patternUnits="userSpaceOnUse"><rect width="18" height="18" fill="${dark}"/><circle cx="9" cy="9" r="5" fill="#2f343b"/></pattern></defs>
<g><rect x="300" y="300" width="600" height="60" rx="24" fill="${accent}"/><path d="M410 260 Q600 200 790 260 L800 400 Q700 430 600 390 Q500 430 400 400 Z" fill="${body}"/>
<path d="M432 282 Q600 236 768 282 L772 384 Q690 404 600 370 Q510 404 428 384 Z" fill="url(#glass)"/>
<path d="M420 410 Q600 470 780 410 L760 540 Q600 640 440 540 Z" fill="url(#mesh)" stroke="${body}" stroke-width="14"/></g>`;
    case 'bbs': {
      const dots = Array.from(
        { length: 40 },
        (_, i) =>
          `<circle cx="${330 + ((i * 53) % 560)}" cy="${610 + ((i * 29) % 60)}" r="9" fill="#f5f5f0" stroke="#c9c9c0"/>`,
      ).join('');
      return `<g><rect x="470" y="240" width="260" height="380" rx="40" fill="#f5f5f0"/><rect x="520" y="190" width="160" height="70" rx="16" fill="${body}"/>
<rect x="470" y="350" width="260" height="160" fill="${accent}"/>${blockText('0.28G', 600, 400, 10, '#ffffff', 'middle')}${dots}</g>`;
    }
  }
}

/** A studio-style photo of a piece of gear. */
export function gearSvg(kind: GearKind, seed: string, opts: { light?: boolean; size?: number } = {}): string {
  const rng = rngFrom(seed);
  const body = pick(rng, ['#2a2d31', '#7b6a4e', '#4b5a3c', '#3c4650', '#8c7a5b']);
  const accent = pick(rng, ['#d97706', '#dc2626', '#2563eb', '#65a30d', '#a3a3a3']);
  const bg = opts.light
    ? ([
        [0, '#ffffff'],
        [1, '#c9ced6'],
      ] as [number, string][])
    : ([
        [0, '#5b6470'],
        [1, '#15181c'],
      ] as [number, string][]);
  const grid = opts.light
    ? ''
    : Array.from(
        { length: 12 },
        (_, i) =>
          `<line x1="${i * 100 + 50}" y1="0" x2="${i * 100 + 50}" y2="800" stroke="#fff" stroke-opacity="0.04"/>`,
      ).join('');
  const body0 = `<defs>${radial('bg', 0.5, 0.42, 0.75, bg)}${radial('glass', 0.35, 0.35, 0.8, [
    [0, '#a5f3fc', 0.9],
    [1, '#0e7490', 0.9],
  ])}</defs><rect x="-200" y="-200" width="1600" height="1200" fill="url(#bg)"/>${grid}
<ellipse cx="600" cy="690" rx="420" ry="34" fill="#000" fill-opacity="0.3"/>${gearItem(kind, body, accent)}`;
  const size = opts.size;
  return size ? doc(size, size, body0, '50 -130 1100 1100') : doc(1200, 800, body0);
}

// ---------------------------------------------------------------------------------------------
// Encoding

export interface DrawnPixels {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * An SVG document drawn once into pixels, the alpha channel dropped when every pixel is opaque
 * (a third less work for every copy encoded from them).
 */
export async function drawPixels(svg: string): Promise<DrawnPixels> {
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  if (info.channels !== 4) return { data, info: raw };
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) return { data, info: raw };
  const opaque = await sharp(data, { raw }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: opaque.data, info: { ...raw, channels: opaque.info.channels } };
}

/** WebP bytes of drawn pixels. */
export const encodeWebp = (pixels: DrawnPixels) =>
  sharp(pixels.data, { raw: pixels.info }).webp({ quality: 80, effort: 2 }).toBuffer();
