/**
 * Putting a segmented person on a new background (ID photo, portrait): the photo's own background
 * is estimated around the person and subtracted from the edge pixels (colour decontamination), so
 * hair over a green wall does not keep a green halo on a white backdrop.
 */
import { gaussianBlur, type Plane, type Raster } from './raster';

/** Foreground colours with the old background's contribution removed where the matte is partial. */
export function decontaminate(image: Raster, matte: Plane, sigma: number): Raster {
  const { width, height } = image;
  const backgroundWeight: Plane = { width, height, data: matte.data.map((a) => 1 - a) };
  const weight = gaussianBlur(backgroundWeight, sigma);
  const out = new Float32Array(image.data.length);
  const estimates = [0, 1, 2].map((c) => {
    const plane: Plane = { width, height, data: new Float32Array(width * height) };
    for (let p = 0; p < plane.data.length; p++) plane.data[p] = image.data[p * 3 + c]! * backgroundWeight.data[p]!;
    return gaussianBlur(plane, sigma);
  });
  for (let p = 0; p < width * height; p++) {
    const alpha = matte.data[p]!;
    for (let c = 0; c < 3; c++) {
      const observed = image.data[p * 3 + c]!;
      if (alpha > 0.97 || weight.data[p]! < 1e-3) {
        out[p * 3 + c] = observed;
        continue;
      }
      const background = estimates[c]!.data[p]! / weight.data[p]!;
      const foreground = (observed - (1 - alpha) * background) / Math.max(alpha, 0.2);
      out[p * 3 + c] = Math.min(1, Math.max(0, foreground));
    }
  }
  return { width, height, data: out };
}

/** Person over a background raster (same size), by the matte. */
export function compositeOver(foreground: Raster, matte: Plane, background: Raster): Raster {
  const out = new Float32Array(foreground.data.length);
  for (let p = 0; p < matte.data.length; p++) {
    const a = matte.data[p]!;
    for (let c = 0; c < 3; c++) out[p * 3 + c] = foreground.data[p * 3 + c]! * a + background.data[p * 3 + c]! * (1 - a);
  }
  return { width: foreground.width, height: foreground.height, data: out };
}
