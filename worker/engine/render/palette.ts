import { adjust, darken, lighten, mix } from './color';
import type { Rng } from './prng';
import type { Scene } from './scene';

/** The colours of one picture, derived from the time of day, the terrain and the prompt's colour words. */
export interface Palette {
  /** Sky gradient from the top (0) to the horizon (1). */
  sky: [number, string][];
  /** The colour at the horizon: distant things fade towards it (atmospheric perspective). */
  haze: string;
  sun: string;
  sunGlow: string;
  cloudLit: string;
  cloudShade: string;
  /** Nearest mountain colour before haze. */
  rock: string;
  snow: string;
  snowShade: string;
  land: string;
  landDark: string;
  foliage: string;
  foliageDark: string;
  water: string;
  waterDeep: string;
  /** Backlit subjects and the nearest foreground. */
  silhouette: string;
  windowLit: string;
  accents: string[];
  star: string;
}

const BASE: Record<Scene['time'], Palette> = {
  day: {
    sky: [
      [0, '#2f78d0'],
      [0.45, '#5f9fe4'],
      [0.8, '#a8cff0'],
      [1, '#e3f0f8'],
    ],
    haze: '#d4e6f3',
    sun: '#fffbe8',
    sunGlow: '#fff3c4',
    cloudLit: '#ffffff',
    cloudShade: '#b4c6dc',
    rock: '#4d6680',
    snow: '#f7fbff',
    snowShade: '#b9cbe2',
    land: '#5f9a48',
    landDark: '#2f5a2c',
    foliage: '#2f6b3a',
    foliageDark: '#1b4326',
    water: '#3d84c0',
    waterDeep: '#184c7a',
    silhouette: '#1d2a33',
    windowLit: '#cfe3f3',
    accents: ['#f4a3c0', '#ffd166', '#ef476f', '#c79bff', '#ffffff'],
    star: '#ffffff',
  },
  dawn: {
    sky: [
      [0, '#3d5fa3'],
      [0.45, '#9a8fc4'],
      [0.75, '#f0a9b0'],
      [1, '#ffe0b8'],
    ],
    haze: '#f6cdb8',
    sun: '#fff4d6',
    sunGlow: '#ffd9a8',
    cloudLit: '#ffd2c2',
    cloudShade: '#8e7fae',
    rock: '#5a5680',
    snow: '#ffe9e4',
    snowShade: '#a99ac4',
    land: '#4f6b4f',
    landDark: '#27362d',
    foliage: '#2c4a3d',
    foliageDark: '#17291f',
    water: '#8a9cc8',
    waterDeep: '#3a4a78',
    silhouette: '#1e1a2c',
    windowLit: '#ffd79a',
    accents: ['#ff9fb2', '#ffd27a', '#f5739a', '#b9a3ff', '#fff1e0'],
    star: '#ffffff',
  },
  sunset: {
    sky: [
      [0, '#1f1d4d'],
      [0.35, '#6a3a7c'],
      [0.62, '#d2557a'],
      [0.84, '#f78f4f'],
      [1, '#ffd27f'],
    ],
    haze: '#f59a6a',
    sun: '#fff1c9',
    sunGlow: '#ffb45e',
    cloudLit: '#ff9f7a',
    cloudShade: '#5c2f63',
    rock: '#4a2a55',
    snow: '#ffd0b8',
    snowShade: '#9a5a8a',
    land: '#3a2240',
    landDark: '#1d1024',
    foliage: '#2a1633',
    foliageDark: '#150a1b',
    water: '#b5587a',
    waterDeep: '#3b1f4d',
    silhouette: '#160c1c',
    windowLit: '#ffce7a',
    accents: ['#ff7eb0', '#ffc15e', '#ff5e6c', '#c77dff', '#ffe6a8'],
    star: '#fff4e0',
  },
  night: {
    sky: [
      [0, '#03051a'],
      [0.5, '#0b1640'],
      [0.85, '#1d2d66'],
      [1, '#33457e'],
    ],
    haze: '#2b3b72',
    sun: '#f4f1de',
    sunGlow: '#9fb4ff',
    cloudLit: '#47578f',
    cloudShade: '#141c40',
    rock: '#141c3a',
    snow: '#b9c8ee',
    snowShade: '#5b6aa0',
    land: '#0f1730',
    landDark: '#070b1a',
    foliage: '#0d1a2a',
    foliageDark: '#050b14',
    water: '#1c2e63',
    waterDeep: '#060c24',
    silhouette: '#04050d',
    windowLit: '#ffd27a',
    accents: ['#ff6fb5', '#5ee7ff', '#ffd166', '#b18cff', '#ffffff'],
    star: '#ffffff',
  },
};

function tone(p: Palette, fn: (c: string) => string): Palette {
  const out = { ...p } as Palette;
  for (const key of Object.keys(p) as (keyof Palette)[]) {
    const v = p[key];
    if (typeof v === 'string') (out as unknown as Record<string, string>)[key] = fn(v);
  }
  out.sky = p.sky.map(([o, c]) => [o, fn(c)]);
  out.accents = p.accents.map(fn);
  return out;
}

/** The scene's setting and weather: neon, space, desert, snow, overcast, spring meadow. */
function sceneColours(start: Palette, scene: Scene): Palette {
  let p = start;
  if (scene.neon) {
    p.sky =
      scene.time === 'night'
        ? [
            [0, '#07021a'],
            [0.45, '#23093f'],
            [0.8, '#6a1259'],
            [1, '#c2306f'],
          ]
        : p.sky;
    p.haze = '#8a1f67';
    p.accents = ['#ff3fa4', '#22e5ff', '#b14bff', '#ffe45e', '#ff7a3d'];
    p.windowLit = '#7ef0ff';
    p.cloudLit = '#6a3a86';
    p.cloudShade = '#2a1040';
    p.water = '#4a1450';
    p.waterDeep = '#0c0420';
  }
  if (scene.space) {
    p.sky = [
      [0, '#010208'],
      [0.5, '#060a24'],
      [1, '#121a46'],
    ];
    p.haze = '#1a1f4a';
  }
  if (scene.desert) {
    const sand = scene.time === 'night' ? '#4a3f6a' : scene.time === 'sunset' ? '#d0784e' : scene.time === 'dawn' ? '#e3a27f' : '#e6b074';
    p.land = sand;
    p.landDark = darken(adjust(sand, -12, 1.1), 0.35);
    if (scene.time === 'day') {
      p.sky = [
        [0, '#3a86d4'],
        [0.6, '#8cc3ec'],
        [1, '#f3e2c4'],
      ];
      p.haze = '#efdcc0';
    }
  }
  if (scene.snow) {
    p.land = scene.time === 'night' ? '#8d9ccc' : scene.time === 'sunset' ? '#e9b6b4' : '#eef4fb';
    p.landDark = scene.time === 'night' ? '#3c4a80' : mix(p.land, '#6f86b0', 0.45);
    p.foliage = mix(p.foliage, '#2a4a5a', 0.4);
    if (scene.time === 'day') {
      p.sky = [
        [0, '#3d7cc4'],
        [0.55, '#8ab6e0'],
        [1, '#eaf2fa'],
      ];
      p.haze = '#e3edf7';
      p.rock = '#5d7594';
    }
  }
  if (scene.storm || (scene.rain && !scene.neon)) {
    // Overcast: colour drains out towards grey.
    const heavy = scene.storm;
    p = tone(p, (c) => mix(adjust(c, 0, heavy ? 0.3 : 0.45), '#5d6470', heavy ? 0.3 : 0.22));
    p.cloudLit = heavy ? '#8a919e' : '#b4bac6';
    p.cloudShade = heavy ? '#3a3f4a' : '#6b7280';
  }
  if (scene.time === 'day' && scene.flowers && !scene.snow) {
    p.land = '#69a94c';
    p.landDark = '#3d7434';
  }
  return p;
}

/** Colours named in the prompt, applied in place. */
function colourWords(p: Palette, scene: Scene): void {
  // Colour words: the first one colours the sky's middle band and the accents; all of them join the accents.
  // White and black name things (white clouds, a black cat) far more often than a colour scheme.
  const schemeColours = scene.skyColors.filter((c) => c !== '#eef2f7' && c !== '#17151f');
  // Green is the land's colour, not the sky's.
  if (schemeColours[0] === '#22a05b') {
    schemeColours.shift();
    p.foliage = mix(p.foliage, '#22a05b', 0.3);
    p.land = mix(p.land, '#22a05b', 0.25);
  }
  if (scene.colors.length) p.accents = [...scene.colors, ...scene.colors.map((c) => lighten(c, 0.35)), ...p.accents].slice(0, 6);
  if (schemeColours.length) {
    const first = schemeColours[0]!;
    // Warm colours in a sunset (and cool ones at night) are already there: nudge, don't repaint.
    const warm = ['#e23b4a', '#f97316', '#f2b33d', '#facc15', '#ec5fa4'].includes(first);
    const strength = (scene.time === 'sunset' || scene.time === 'dawn') && warm ? 0.15 : scene.time === 'night' ? 0.28 : 0.36;
    p.sky = p.sky.map(([o, c], i) => [o, i === 0 || i === p.sky.length - 1 ? mix(c, first, strength * 0.4) : mix(c, first, strength)]);
    p.haze = mix(p.haze, first, strength * 0.5);
    p.cloudLit = mix(p.cloudLit, first, 0.2);
    p.water = mix(p.water, first, 0.3);
  }
}

export function buildPalette(scene: Scene, rand: Rng): Palette {
  let p: Palette = { ...BASE[scene.time], sky: [...BASE[scene.time].sky], accents: [...BASE[scene.time].accents] };

  p = sceneColours(p, scene);
  colourWords(p, scene);

  const { mood } = scene;
  const silhouette = p.silhouette;
  if (mood.warm) p = tone(p, (c) => mix(c, '#ff9a3c', 0.12));
  if (mood.cool) p = tone(p, (c) => mix(c, '#4a7bd8', 0.12));
  if (mood.pastel) p = tone(p, (c) => lighten(adjust(c, 0, 0.75), 0.18));
  if (mood.dark) p = tone(p, (c) => darken(c, 0.25));
  p.silhouette = mood.dark ? darken(silhouette, 0.2) : silhouette;

  // A touch of per-seed variation so every variation has its own light.
  const shift = rand.range(-8, 8);
  p.sky = p.sky.map(([o, c]) => [o, adjust(c, shift)]);
  return p;
}

/** Colour of a thing at a relative distance (0 = near, 1 = at the horizon). */
export function atDistance(p: Palette, colour: string, distance: number): string {
  return mix(colour, p.haze, Math.max(0, Math.min(1, distance)) * 0.85);
}
