/**
 * The face's own coordinate frame: origin between the eyes, x along the eye line (image
 * left to right), y perpendicular to it pointing down the face, one unit = the distance between the
 * eye centres. Everything face swap draws or masks is placed in this frame, so it follows a tilted
 * head and scales with the face.
 */
import sharp from 'sharp';
import type { Plane } from '../tools/raster';

export type Point = [number, number];

export interface FaceFrame {
  /** Midpoint between the eye centres, image pixels. */
  origin: Point;
  /** Inter-ocular distance in pixels (one frame unit). */
  unit: number;
  /** Eye-line angle in radians (0 = level; positive = the image-right eye lower). */
  angle: number;
  /** The 68 landmarks (iBUG order) in image pixels. */
  points: Point[];
  /** Eye centres in image pixels (image left, image right). */
  eyes: [Point, Point];
}

const mean = (points: Point[]): Point => [
  points.reduce((s, p) => s + p[0], 0) / points.length,
  points.reduce((s, p) => s + p[1], 0) / points.length,
];

/** Landmark index ranges (iBUG 68). */
export const LANDMARKS = {
  jaw: [0, 16],
  leftBrow: [17, 21],
  rightBrow: [22, 26],
  noseBridge: [27, 30],
  noseBase: [31, 35],
  leftEye: [36, 41],
  rightEye: [42, 47],
  outerLips: [48, 59],
  innerLips: [60, 67],
} as const;

export const range = (points: Point[], [from, to]: readonly [number, number]) => points.slice(from, to + 1);

export function faceFrame(points: Point[]): FaceFrame {
  const left = mean(range(points, LANDMARKS.leftEye));
  const right = mean(range(points, LANDMARKS.rightEye));
  const dx = right[0] - left[0];
  const dy = right[1] - left[1];
  return {
    origin: [(left[0] + right[0]) / 2, (left[1] + right[1]) / 2],
    unit: Math.hypot(dx, dy) || 1,
    angle: Math.atan2(dy, dx),
    points,
    eyes: [left, right],
  };
}

/** Frame coordinates (u across, v down, in eye-distance units) → image pixels. */
export function toImage(frame: FaceFrame, u: number, v: number): Point {
  const c = Math.cos(frame.angle);
  const s = Math.sin(frame.angle);
  return [frame.origin[0] + frame.unit * (u * c - v * s), frame.origin[1] + frame.unit * (u * s + v * c)];
}

/** Image pixels → frame coordinates. */
export function toFrame(frame: FaceFrame, x: number, y: number): Point {
  const c = Math.cos(frame.angle);
  const s = Math.sin(frame.angle);
  const dx = (x - frame.origin[0]) / frame.unit;
  const dy = (y - frame.origin[1]) / frame.unit;
  return [dx * c + dy * s, -dx * s + dy * c];
}

/** The SVG transform that maps frame units onto the image (draw in frame units inside it). */
export function frameTransform(frame: FaceFrame): string {
  return `translate(${frame.origin[0].toFixed(2)} ${frame.origin[1].toFixed(2)}) rotate(${((frame.angle * 180) / Math.PI).toFixed(3)}) scale(${frame.unit.toFixed(3)})`;
}

export const pathOf = (points: Point[], close = true) =>
  `M${points.map((p) => `${p[0].toFixed(2)} ${p[1].toFixed(2)}`).join(' L')}${close ? ' Z' : ''}`;

/** Anti-aliased coverage (0..1) of an SVG drawing, by its alpha: the masks are drawn, not scanned. */
export async function maskFromSvg(width: number, height: number, body: string, blur = 0): Promise<Plane> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`;
  let image = sharp(Buffer.from(svg)).ensureAlpha().extractChannel(3);
  if (blur > 0.3) image = image.blur(blur);
  const data = await image.raw().toBuffer();
  const out = new Float32Array(width * height);
  for (let i = 0; i < out.length; i++) out[i] = data[i]! / 255;
  return { width, height, data: out };
}

/** An SVG drawing as straight (not premultiplied) RGBA floats, to be laid over a raster. */
export async function layerFromSvg(width: number, height: number, body: string): Promise<{ rgb: Float32Array; alpha: Float32Array }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`;
  const data = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
  const rgb = new Float32Array(width * height * 3);
  const alpha = new Float32Array(width * height);
  for (let p = 0; p < alpha.length; p++) {
    alpha[p] = data[p * 4 + 3]! / 255;
    for (let c = 0; c < 3; c++) rgb[p * 3 + c] = data[p * 4 + c]! / 255;
  }
  return { rgb, alpha };
}

export function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/** A small seeded PRNG (mulberry32) for textures and scattered effects. */
export function prng(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
