/**
 * The colour and light adjustments an edit prompt can name (contract/edit-instructions.ts), as sharp
 * pipelines. sharp applies the operations of one pipeline in its own order, not call order, so each
 * adjustment runs as its own pipeline, in the contract's order.
 */
import sharp, { type Sharp } from 'sharp';
import type { EditAdjustment } from '../../contract/edit-instructions';

type Op = (image: Sharp) => Sharp;

const OPERATIONS: Record<EditAdjustment, Op> = {
  greyscale: (s) => s.grayscale(),
  // The classic sepia matrix: sharp would turn grey after a tint in the same pipeline, whatever the call order.
  sepia: (s) =>
    s.recomb([
      [0.393, 0.769, 0.189],
      [0.349, 0.686, 0.168],
      [0.272, 0.534, 0.131],
    ]),
  warm: (s) =>
    s.recomb([
      [1.15, 0.05, 0],
      [0, 1.02, 0],
      [0, 0, 0.85],
    ]),
  cool: (s) =>
    s.recomb([
      [0.88, 0, 0],
      [0, 1, 0.05],
      [0, 0.05, 1.18],
    ]),
  bright: (s) => s.modulate({ brightness: 1.2 }),
  dark: (s) => s.modulate({ brightness: 0.75 }).linear(1.1, -10),
  // An S-curve's cheap cousin: a 25 % stretch about mid-grey.
  contrast: (s) => s.linear(1.25, -32),
  vivid: (s) => s.modulate({ saturation: 1.5 }),
  soft: (s) => s.blur(3),
  sharpen: (s) => s.sharpen({ sigma: 1.6 }).modulate({ saturation: 1.1 }),
  realistic: (s) => s.normalise().sharpen({ sigma: 1 }),
  mirror: (s) => s.flop(),
  invert: (s) => s.negate({ alpha: false }),
};

/** The adjustments applied one after another to an encoded image; PNG out. */
export async function applyAdjustments(png: Uint8Array, adjustments: readonly EditAdjustment[]): Promise<Buffer> {
  let current = Buffer.from(png);
  for (const id of adjustments) current = await OPERATIONS[id](sharp(current)).png().toBuffer();
  return current;
}
