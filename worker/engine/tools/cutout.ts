/**
 * Putting a segmented person on a new background (ID photo, portrait): the photo's own background
 * is estimated around the person and subtracted from the edge pixels (colour decontamination), so
 * hair over a green wall does not keep a green halo on a white backdrop.
 */
import { gaussianBlur, type Plane, type Raster } from './raster';

/** Mean over the (2r+1)² box around each pixel (clipped at the borders), by a summed-area table. */
export function boxMean(data: Float32Array, width: number, height: number, r: number): Float32Array {
  const sums = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += data[y * width + x]!;
      sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1]! + row;
    }
  }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(height, y + r + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(width, x + r + 1);
      const total =
        sums[y1 * (width + 1) + x1]! - sums[y0 * (width + 1) + x1]! - sums[y1 * (width + 1) + x0]! + sums[y0 * (width + 1) + x0]!;
      out[y * width + x] = total / ((y1 - y0) * (x1 - x0));
    }
  }
  return out;
}

/**
 * Re-estimates a coarse person matte from the photo's colours near its edge. The segmenter's matte
 * is smooth and a few pixels too wide around hair, so the old wall next to the hair counts as person
 * and shows as a light rim on a red or blue backdrop. Within `radius` of the coarse edge, each pixel
 * gets the alpha that explains its colour as a mix of the local person colour (averaged over pixels
 * well inside the coarse matte) and the local wall colour (pixels well outside it): a wall pixel
 * becomes 0, its anti-aliased rim in between. Alpha is only ever lowered, and only for a pixel that
 * looks clearly more like the wall than like the person: light hair or skin beside a light wall keeps
 * the segmenter's value (a looser rule let the new backdrop bleed into blonde hair on the astronaut
 * portrait). Where the two colours are too alike to tell apart, and away from the edge, nothing changes.
 */
export function refineMatte(image: Raster, matte: Plane, radius: number): Plane {
  const { width, height } = image;
  const n = width * height;
  const r = Math.max(2, Math.round(radius));
  const inside = new Float32Array(n);
  for (let i = 0; i < n; i++) inside[i] = matte.data[i]! >= 0.5 ? 1 : 0;
  // Sure person / sure wall: the whole box of twice the band around the pixel is on one side.
  const deep = boxMean(inside, width, height, 2 * r);
  const band = boxMean(inside, width, height, r);
  const sigma = 2 * r;
  const local = (weight: Float32Array) => {
    const w = gaussianBlur({ width, height, data: weight }, sigma).data;
    const sums = [0, 1, 2].map((c) => {
      const plane = new Float32Array(n);
      for (let i = 0; i < n; i++) plane[i] = image.data[i * 3 + c]! * weight[i]!;
      return gaussianBlur({ width, height, data: plane }, sigma).data;
    });
    return { w, sums };
  };
  const person = local(deep.map((d) => (d >= 0.999 ? 1 : 0)));
  const wall = local(deep.map((d) => (d <= 0.001 ? 1 : 0)));
  const out = Float32Array.from(matte.data);
  for (let i = 0; i < n; i++) {
    if (!(band[i]! > 0 && band[i]! < 1) || person.w[i]! < 1e-4 || wall.w[i]! < 1e-4) continue;
    let dot = 0;
    let norm = 0;
    let toWall = 0;
    let toPerson = 0;
    for (let c = 0; c < 3; c++) {
      const f = person.sums[c]![i]! / person.w[i]!;
      const b = wall.sums[c]![i]! / wall.w[i]!;
      const v = image.data[i * 3 + c]!;
      dot += (v - b) * (f - b);
      norm += (f - b) * (f - b);
      toWall += (v - b) * (v - b);
      toPerson += (v - f) * (v - f);
    }
    // Colours closer than ~0.15 apart (of 1) do not say which side a pixel is on; and only a pixel
    // that looks clearly more like the wall than like the person loses alpha (never gains it), so
    // light hair or skin beside a light wall keeps the segmenter's value.
    if (norm < 0.0225 || toWall * 4 > toPerson) continue;
    out[i] = Math.min(matte.data[i]!, Math.max(0, dot / norm));
  }
  return { width, height, data: out };
}

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
