/**
 * Offline logo generation: a typographic generator. From the description it reads the
 * brand name, an emblem and a mood, and draws four variants on one sheet — wordmark, badge,
 * lettermark, stacked — in a palette for the mood, with the name as real letter outlines (type.ts).
 * The seed picks the palette within the mood, so Regenerate gives another set.
 */
import sharp from 'sharp';
import { readBrief, type LogoBrief, type Mood } from './brief';
import { emblemMarkup, emblemName } from './emblem';
import { type Face, fitSize, measure, textSvg } from './type';

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

/**
 * The name in one line, or two when it has several words and one line would set it much smaller
 * than `max` ("GreenLeaf Organics" in a badge): the words split where the lines come out most even.
 */
function lines(
  name: string,
  width: number,
  max: number,
  { face = 'sans' as Face, tracking = 0, wrapBelow = 0.8 } = {},
): { text: string[]; size: number } {
  const one = fitSize(name, width, max, face, tracking);
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length < 2 || one >= max * wrapBelow) return { text: [name], size: one };
  let best = { text: [name], size: one };
  for (let i = 1; i < words.length; i++) {
    const text = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const size = Math.min(...text.map((line) => fitSize(line, width, max * 0.85, face, tracking)));
    if (size > best.size) best = { text, size };
  }
  return best.size > one * 1.2 ? best : { text: [name], size: one };
}

/** Lines of text centred on (x, middle) or starting at x, the block's visual centre at `middle`. */
function block(
  set: { text: string[]; size: number },
  x: number,
  middle: number,
  fill: string,
  options: { face?: Face; anchor?: 'middle' | 'start'; tracking?: number } = {},
): string {
  const leading = set.size * 1.15;
  // A line's visual centre is ~0.36 em above its baseline (cap height of Montserrat, CJK ideographs alike).
  const first = middle - ((set.text.length - 1) * leading) / 2 + set.size * 0.36;
  return set.text.map((line, i) => textSvg(line, x, first + i * leading, set.size, fill, options)).join('');
}

/** Four 512×512 variants as SVG fragments (each in its own cell). */
function variants(brief: LogoBrief, icon: string, p: Palette): string[] {
  const name = brief.name;
  const cjk = /\p{Script=Han}/u.test(name);
  const upper = cjk ? name : name.toUpperCase();
  // Chinese names are a few characters: let them set larger than a Latin name in the same box.
  const grow = cjk ? 1.3 : 1;
  const mono = initials(name);
  const monoSize = fitSize(mono, 150, 130, 'display');

  // Wordmark: emblem beside the name, the pair centred, a rule under the name.
  // Beside an emblem a name reads best on one line: two only when one would be much smaller.
  const word = lines(name, 300, 78 * grow, { wrapBelow: 0.6 });
  const wordWidth = Math.max(...word.text.map((line) => measure(line, word.size)));
  const left = Math.max(24, (512 - (92 + 20 + wordWidth)) / 2);
  const wordBottom = 256 + ((word.text.length - 1) * word.size * 1.15) / 2 + word.size * 0.36;
  const wordmark = `<rect width="512" height="512" fill="${p.paper}"/>${emblem(icon, left, 256 - 46, 92, p.accent, 2.2)}${block(word, left + 112, 256, p.ink, { anchor: 'start' })}<rect x="${left + 112}" y="${wordBottom + Math.max(12, word.size * 0.3)}" width="${Math.max(48, wordWidth * 0.4)}" height="4" rx="2" fill="${p.accent}"/>`;

  // Badge: a filled disc with a ring, emblem over the name. On the ink, a one-colour palette's accent
  // would vanish (the minimal palette's ring did): the paper colour stands in.
  const onInk = p.accent === p.ink ? p.paper : p.accent;
  const badge = lines(upper, 250, 40 * grow, { tracking: 0.1 });
  const badgeMiddle = badge.text.length > 1 ? 322 : 316;
  const badgeBottom = badgeMiddle + ((badge.text.length - 1) * badge.size * 1.15) / 2 + badge.size * 0.36;
  const badgeSvg = `<rect width="512" height="512" fill="${p.paper}"/><circle cx="256" cy="256" r="196" fill="${p.ink}"/><circle cx="256" cy="256" r="176" fill="none" stroke="${onInk}" stroke-width="4"/>${emblem(icon, 256 - 60, badge.text.length > 1 ? 120 : 136, 120, p.paper, 1.8)}${block(badge, 256, badgeMiddle, p.paper, { tracking: 0.1 })}<rect x="216" y="${badgeBottom + 16}" width="80" height="3" fill="${onInk}"/>`;

  // Lettermark: initials in a rounded square, the name small beneath.
  const small = lines(name, 380, 40 * grow);
  const lettermark = `<rect width="512" height="512" fill="${p.paper}"/><rect x="146" y="96" width="220" height="220" rx="48" fill="${p.accent}"/>${textSvg(mono, 256, 206 + monoSize * 0.36, monoSize, p.paper, { face: 'display' })}${block(small, 256, 386, p.ink)}`;

  // Stacked, inverse: emblem above the name on the ink colour.
  const stack = lines(upper, 400, 64 * grow, { face: 'display', tracking: 0.08 });
  const stacked = `<rect width="512" height="512" fill="${p.ink}"/>${emblem(icon, 256 - 70, stack.text.length > 1 ? 90 : 110, 140, onInk, 1.8)}${block(stack, 256, stack.text.length > 1 ? 340 : 328, p.paper, { face: 'display', tracking: 0.08 })}`;

  return [wordmark, badgeSvg, lettermark, stacked];
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
