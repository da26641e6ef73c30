import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as TF from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { loadModel, loadTf, modelDirectory, type ModelScale, type ModelVariant } from './model';

/** The same Keras model run by tfjs (the packages' own runtime), as the reference for the ONNX rewrite. */
async function runOnTfjs(variant: ModelVariant, scale: ModelScale, inputMax: number, rgb: Float32Array, width: number, height: number) {
  const tf = await loadTf();
  const dir = modelDirectory(variant, scale);
  const manifest = JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8'));
  const shards = Buffer.concat(
    manifest.weightsManifest.flatMap((group: { paths: string[] }) => group.paths.map((p) => readFileSync(join(dir, p)))),
  );
  const layers = await tf.loadLayersModel({
    load: async () => ({
      modelTopology: manifest.modelTopology,
      weightSpecs: manifest.weightsManifest.flatMap((group: { weights: TF.io.WeightsManifestEntry[] }) => group.weights),
      weightData: shards.buffer.slice(shards.byteOffset, shards.byteOffset + shards.byteLength),
    }),
  });
  const unit = inputMax / 255;
  const output = tf.tidy(() =>
    (layers.predict(tf.tensor4d(rgb, [1, height, width, 3]).mul(unit)) as TF.Tensor).div(unit).clipByValue(0, 255),
  );
  const data = (await output.data()) as Float32Array;
  output.dispose();
  layers.dispose();
  return data;
}

describe('Keras → ONNX', () => {
  // A smooth gradient with a hard edge: every layer's arithmetic shows in the output.
  const width = 24;
  const height = 20;
  const rgb = Float32Array.from({ length: width * height * 3 }, (_, i) => {
    const pixel = Math.floor(i / 3);
    const x = pixel % width;
    return ((x * 9 + Math.floor(pixel / width) * 5 + (i % 3) * 40) % 256) * (x < 12 ? 1 : 0.5);
  });

  it.each([
    ['slim', 2, 255],
    ['medium', 3, 255],
    ['psnr-small', 2, 1],
  ] as const)('%s x%i on ONNX Runtime equals tfjs to a hundredth of a level', async (variant, scale, inputMax) => {
    const onnx = await (await loadModel(variant, scale)).run(rgb, width, height);
    const reference = await runOnTfjs(variant, scale, inputMax, rgb, width, height);
    expect(onnx.length).toBe(width * height * scale * scale * 3);
    let worst = 0;
    for (let i = 0; i < onnx.length; i++) worst = Math.max(worst, Math.abs(onnx[i]! - reference[i]!));
    expect(worst).toBeLessThan(0.01);
  });

  it('refuses a scale the package does not ship', () => {
    expect(() => modelDirectory('psnr-small', 4)).toThrow(/no x4 model/);
  });
});
