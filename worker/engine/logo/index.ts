/**
 * Offline logo generation (issue 15): a typographic generator. From the description it reads the
 * brand name, an emblem and a mood, and draws four variants on one sheet — wordmark, badge,
 * lettermark, stacked — in a palette for the mood, with the name as real letter outlines (type.ts).
 * The seed picks the palette within the mood, so Regenerate gives another set.
 */
import sharp from 'sharp';
import { readBrief, type LogoBrief, type Mood } from './brief';
import { emblemMarkup, emblemName } from './emblem';
import { fitSize, textSvg } from './type';

interface Palette {
  ink: string;
  accent: string;
  paper: string;
}

const PALETTES: Record<Mood, Palette[]> = {
  business: [
    { ink: '#1f2a44', accent: '#c9a227', paper: '#f7f5ef' },
    { ink: '#0b3b5c', accent: '#4aa3c7', paper: '#f3f6f8' },
  ],
  creative: [
    { ink: '#3b1c6e', accent: '#ff6b35', paper: '#fff7ef' },
    { ink: '#0f5257', accent: '#f25f5c', paper: '#fdf6ec' },
  ],
  minimal: [
    { ink: '#111111', accent: '#111111', paper: '#fafafa' },
    { ink: '#222222', accent: '#8a8a8a', paper: '#ffffff' },
  ],
  tech: [
    { ink: '#0f172a', accent: '#14b8a6', paper: '#f1f5f9' },
    { ink: '#111827', accent: '#6366f1', paper: '#f5f5ff' },
  ],
  warm: [
    { ink: '#3e2723', accent: '#c8793a', paper: '#fbf4ea' },
    { ink: '#2f3e2e', accent: '#d4a373', paper: '#f8f3e6' },
  ],
};

const esc = (s: string) => s.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The icon drawn in a square of `size` at (x, y). */
function emblem(markup: string, x: number, y: number, size: number, colour: string, stroke = 2): string {
  return `<g transform="translate(${x} ${y}) scale(${size / 24})" fill="none" stroke="${colour}" stroke-width="${stroke}" stroke-linecap="round" stroke-linejoin="round">${markup}</g>`;
}

function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  if (/\p{Script=Han}/u.test(name)) return [...name][0]!;
  return (words.length > 1 ? words[0]![0]! + words[1]![0]! : [...name].slice(0, 1).join('')).toUpperCase();
}

/** Four 512×512 variants as SVG fragments (each in its own cell). */
function variants(brief: LogoBrief, icon: string, p: Palette): string[] {
  const name = brief.name;
  const upper = /\p{Script=Han}/u.test(name) ? name : name.toUpperCase();
  const wordSize = fitSize(name, 300, 78);
  const stackSize = fitSize(upper, 400, 64, 'display', 0.08);
  const badgeSize = fitSize(upper, 250, 40, 'sans', 0.1);
  const mono = initials(name);
  return [
    // Wordmark: emblem beside the name, a rule and the mood word under it.
    `<rect width="512" height="512" fill="${p.paper}"/>${emblem(icon, 40, 226 - 46, 92, p.accent, 2.2)}${textSvg(name, 150, 256 + wordSize * 0.34, wordSize, p.ink, { anchor: 'start' })}<rect x="150" y="${262 + wordSize * 0.5}" width="${Math.min(300, wordSize * 2.4)}" height="4" rx="2" fill="${p.accent}"/>`,
    // Badge: a filled disc with a ring, emblem over the name.
    `<rect width="512" height="512" fill="${p.paper}"/><circle cx="256" cy="256" r="196" fill="${p.ink}"/><circle cx="256" cy="256" r="176" fill="none" stroke="${p.accent}" stroke-width="4"/>${emblem(icon, 256 - 60, 140, 120, p.paper, 1.8)}${textSvg(upper, 256, 330 + badgeSize * 0.35, badgeSize, p.paper, { tracking: 0.1 })}<rect x="216" y="${352 + badgeSize * 0.35}" width="80" height="3" fill="${p.accent}"/>`,
    // Lettermark: initials in a rounded square, the name small beneath.
    `<rect width="512" height="512" fill="${p.paper}"/><rect x="146" y="96" width="220" height="220" rx="48" fill="${p.accent}"/>${textSvg(mono, 256, 206 + fitSize(mono, 150, 130, 'display') * 0.36, fitSize(mono, 150, 130, 'display'), p.paper, { face: 'display' })}${textSvg(name, 256, 400, fitSize(name, 380, 40), p.ink)}`,
    // Stacked, inverse: emblem above the name on the ink colour.
    `<rect width="512" height="512" fill="${p.ink}"/>${emblem(icon, 256 - 70, 110, 140, p.accent === p.ink ? p.paper : p.accent, 1.8)}${textSvg(upper, 256, 350 + stackSize * 0.35, stackSize, p.paper, { face: 'display', tracking: 0.08 })}`,
  ];
}

export interface LogoInput {
  description: string;
  width: number;
  height: number;
  seed: number;
}

/** The logo sheet as SVG (four variants in a 2×2 grid on a 1024 square, scaled to the size asked). */
export function logoSvg(input: LogoInput): string {
  const brief = readBrief(input.description);
  const palette = PALETTES[brief.mood][input.seed % PALETTES[brief.mood].length]!;
  const icon = emblemMarkup(emblemName(brief));
  const cells = variants(brief, icon, palette)
    .map((cell, i) => `<g transform="translate(${(i % 2) * 512} ${Math.floor(i / 2) * 512})">${cell}</g>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${input.width}" height="${input.height}" viewBox="0 0 1024 1024" preserveAspectRatio="xMidYMid meet"><title>${esc(brief.name)}</title><rect width="1024" height="1024" fill="#e7e5e0"/>${cells}<path d="M512 0V1024M0 512H1024" stroke="#d6d3cc" stroke-width="2"/></svg>`;
}

export async function renderLogo(input: LogoInput): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp(Buffer.from(logoSvg(input)))
      .resize(input.width, input.height, { fit: 'contain', background: '#e7e5e0' })
      .png()
      .toBuffer(),
  );
}
