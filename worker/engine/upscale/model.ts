/**
 * ESRGAN models from the `@upscalerjs/esrgan-*` npm packages, run by tfjs on its WebAssembly backend.
 *
 * Why not the `upscaler` core: its Node entry needs tfjs-node (downloads libtensorflow at install,
 * fails offline) and its browser entry fetches model URLs. The weights are plain tfjs layers models
 * inside the packages, so they are read from node_modules with fs (a custom IO handler) and the
 * tiling is ours (tiles.ts). tfjs is imported lazily: only a thread that upscales pays for it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as TF from '@tensorflow/tfjs';

export type ModelVariant = 'slim' | 'medium' | 'thick';
/** The packages ship x2, x3, x4 and x8 models of every variant. */
export type ModelScale = 2 | 3 | 4 | 8;

/** RDN variants (slim, medium) work in 0..255; the RRDN (thick) works in 0..1 and has custom layers. */
const INPUT_MAX: Record<ModelVariant, number> = { slim: 255, medium: 255, thick: 1 };

let tfReady: Promise<typeof TF> | undefined;

/**
 * One tfjs per thread on the wasm backend. Node has no wasm threads for tfjs (SharedArrayBuffer
 * workers are browser-only there), so each pool thread runs one single-threaded backend and the
 * pool gives the parallelism.
 */
export function loadTf(): Promise<typeof TF> {
  tfReady ??= (async () => {
    const tf = await import('@tensorflow/tfjs');
    await import('@tensorflow/tfjs-backend-wasm');
    // tfjs-core warns "install tfjs-node" from the cpu backend on Node; the wasm backend is the choice here.
    tf.env().set('IS_TEST', true);
    await tf.setBackend('wasm');
    await tf.ready();
    tf.enableProdMode();
    return tf;
  })();
  return tfReady;
}

const require = createRequire(import.meta.url);

/** Directory of a model inside its package (the package's exports map hides `models/`, so resolve the entry and walk up). */
export function modelDirectory(variant: ModelVariant, scale: ModelScale, root?: string): string {
  if (root) return join(root, `models/x${scale}`);
  const name = `@upscalerjs/esrgan-${variant}`;
  let dir = dirname(require.resolve(name));
  while (!isPackageRoot(dir, name)) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`package ${name} not found`);
    dir = parent;
  }
  return join(dir, `models/x${scale}`);
}

function isPackageRoot(dir: string, name: string): boolean {
  try {
    return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name === name;
  } catch {
    return false;
  }
}

function fileHandler(dir: string): TF.io.IOHandler {
  return {
    load: async () => {
      const manifest = JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8')) as {
        format: string;
        generatedBy: string;
        convertedBy: string;
        modelTopology: object;
        weightsManifest: { paths: string[]; weights: TF.io.WeightsManifestEntry[] }[];
      };
      const shards = manifest.weightsManifest.flatMap((group) => group.paths.map((path) => readFileSync(join(dir, path))));
      const weights = Buffer.concat(shards);
      return {
        modelTopology: manifest.modelTopology,
        weightSpecs: manifest.weightsManifest.flatMap((group) => group.weights),
        weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
        format: manifest.format,
        generatedBy: manifest.generatedBy,
        convertedBy: manifest.convertedBy,
      };
    },
  };
}

/** The custom layers of the RRDN (thick) models, as the package defines them (getESRGANModelDefinition). */
function registerThickLayers(tf: typeof TF, scale: ModelScale) {
  class MultiplyBeta extends tf.layers.Layer {
    static className = 'MultiplyBeta';
    constructor() {
      super({});
    }
    override call(inputs: TF.Tensor | TF.Tensor[]) {
      return tf.mul(Array.isArray(inputs) ? inputs[0]! : inputs, 0.2);
    }
  }
  class PixelShuffle extends tf.layers.Layer {
    static className = `PixelShuffle${scale}x`;
    constructor() {
      super({});
    }
    override computeOutputShape(shape: TF.Shape | TF.Shape[]) {
      const s = (Array.isArray(shape[0]) ? shape[0] : shape) as TF.Shape;
      return [s[0], s[1], s[2], 3] as TF.Shape;
    }
    override call(inputs: TF.Tensor | TF.Tensor[]) {
      return tf.depthToSpace((Array.isArray(inputs) ? inputs[0]! : inputs) as TF.Tensor4D, scale, 'NHWC');
    }
  }
  tf.serialization.registerClass(MultiplyBeta);
  tf.serialization.registerClass(PixelShuffle);
}

export interface SuperResolutionModel {
  variant: ModelVariant;
  scale: ModelScale;
  /** RGB float32 HWC in 0..255 → RGB float32 HWC (scale× each side) in 0..255. */
  run(rgb: Float32Array, width: number, height: number): Promise<Float32Array>;
}

const models = new Map<string, Promise<SuperResolutionModel>>();

/** Loaded once per thread and kept: loading a model costs more than running a tile. `root` points at an unpacked package (bench). */
export function loadModel(variant: ModelVariant, scale: ModelScale, root?: string): Promise<SuperResolutionModel> {
  const key = `${variant}:${scale}:${root ?? ''}`;
  let model = models.get(key);
  if (!model) {
    model = (async () => {
      const tf = await loadTf();
      if (variant === 'thick') registerThickLayers(tf, scale);
      const layers = await tf.loadLayersModel(fileHandler(modelDirectory(variant, scale, root)));
      const unit = INPUT_MAX[variant] / 255;
      return {
        variant,
        scale,
        async run(rgb, width, height) {
          const output = tf.tidy(() => {
            // The RDN variants work in 0..255 already: no scaling pass over the tensors for them.
            const input = tf.tensor4d(rgb, [1, height, width, 3]);
            const output = layers.predict(unit === 1 ? input : input.mul(unit)) as TF.Tensor;
            return (unit === 1 ? output : output.div(unit)).clipByValue(0, 255);
          });
          try {
            return (await output.data()) as Float32Array;
          } finally {
            output.dispose();
          }
        },
      } satisfies SuperResolutionModel;
    })();
    models.set(key, model);
    model.catch(() => models.delete(key));
  }
  return model;
}
