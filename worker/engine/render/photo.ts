/**
 * Depth of field for the photographic look: a lens focused on the subject leaves what is far behind
 * it (the land toward the horizon, the sky) and, less, what is right in front of the lens out of
 * focus. The scene is 2.5-D: below the horizon, depth grows toward the horizon, above it everything
 * is far. So the blur is a blend between the picture and one blurred copy, weighted by each row's
 * distance from the focal row — the "lens blur by depth map" of photo editors with a depth map made
 * of rows (cf. Potmesil & Chakravarty 1981, "A lens and aperture camera model for synthetic image
 * generation": the circle of confusion grows with the distance from the focal plane).
 */
import sharp from 'sharp';

interface Raw {
  data: Buffer;
  info: { width: number; height: number; channels: 3 | 4 };
}

/**
 * Blurs by depth: nothing at `focusY`, fully (Gaussian sigma `sigma`) from the horizon up, and up to
 * 60 % toward the bottom edge (the near foreground).
 */
export async function depthOfField<T extends Raw>(image: T, focusY: number, horizon: number, sigma: number): Promise<T> {
  const { width: w, height: h, channels: ch } = image.info;
  if (sigma < 0.3) return image;
  const blurred = await sharp(image.data, { raw: image.info }).blur(sigma).raw().toBuffer();
  const out = Buffer.from(image.data);
  const focus = Math.min(h - 1, Math.max(horizon + 1, focusY));
  for (let y = 0; y < h; y++) {
    let k: number;
    if (y <= horizon) k = 1;
    else if (y < focus) k = ((focus - y) / (focus - horizon)) ** 1.5;
    else k = 0.6 * Math.min(1, (y - focus) / Math.max(1, h - focus)) ** 1.5;
    if (k <= 0) continue;
    const row = y * w * ch;
    for (let i = row; i < row + w * ch; i++) {
      const a = image.data[i]!;
      out[i] = Math.round(a + (blurred[i]! - a) * k);
    }
  }
  return { ...image, data: out };
}
