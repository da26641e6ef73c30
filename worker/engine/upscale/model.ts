/**
 * The upscaling networks: RDNs from the `@upscalerjs/esrgan-*` npm packages (weights inside the
 * packages), run by ONNX Runtime's native CPU kernels (docs/decisions/091-upscaler-on-onnx-runtime.md).
 *
 * The packages ship Keras layers models for tfjs. `onnx.ts` rewrites one as an ONNX graph in memory
 * when a thread first needs it, and the output equals tfjs's to a thousandth of a level (onnx.test.ts)
 * at about a third of tfjs-wasm's CPU time. Why not the `upscaler` core: its Node entry needs
 * tfjs-node (downloads libtensorflow at install, fails offline) and its browser entry fetches model
 * URLs. The tiling is ours (tiles.ts). tfjs stays for the vision models (`loadTf`), which share it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as TF from '@tensorflow/tfjs';
import type { InferenceSession } from 'onnxruntime-node';
import { kerasToOnnx } from './onnx';

/**
 * slim and medium: the ESRGAN-slim / -medium RDNs, trained on DIV2K. psnr-small: idealo's RDN
 * C3-D10-G64 trained for PSNR (in `@upscalerjs/esrgan-legacy`), x2 only, 12× slim's arithmetic.
 */
export type ModelVariant = 'slim' | 'medium' | 'psnr-small';
/** The slim and medium packages ship x2, x3, x4 and x8 models; psnr-small is x2 only. */
export type ModelScale = 2 | 3 | 4 | 8;

const PACKAGES: Record<ModelVariant, { name: string; path: (scale: ModelScale) => string; inputMax: number; scales: ModelScale[] }> = {
  slim: { name: '@upscalerjs/esrgan-slim', path: (scale) => `models/x${scale}`, inputMax: 255, scales: [2, 3, 4, 8] },
  medium: { name: '@upscalerjs/esrgan-medium', path: (scale) => `models/x${scale}`, inputMax: 255, scales: [2, 3, 4, 8] },
  // idealo's models take 0..1 (they were trained on images divided by 255).
  'psnr-small': { name: '@upscalerjs/esrgan-legacy', path: () => 'models/psnr-small', inputMax: 1, scales: [2] },
};

let tfReady: Promise<typeof TF> | undefined;

/**
 * One tfjs per thread, for the vision models, on the wasm backend. Node has no wasm threads for tfjs
 * (SharedArrayBuffer workers are browser-only there), so each pool thread runs one single-threaded
 * backend and the pool gives the parallelism.
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
  const { name, path, scales } = PACKAGES[variant];
  if (!scales.includes(scale)) throw new Error(`${variant} has no x${scale} model`);
  if (root) return join(root, path(scale));
  let dir = dirname(require.resolve(name));
  while (!isPackageRoot(dir, name)) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`package ${name} not found`);
    dir = parent;
  }
  return join(dir, path(scale));
}

function isPackageRoot(dir: string, name: string): boolean {
  try {
    return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name === name;
  } catch {
    return false;
  }
}

export interface SuperResolutionModel {
  variant: ModelVariant;
  scale: ModelScale;
  /** RGB float32 HWC in 0..255 → RGB float32 HWC (scale× each side) in 0..255. */
  run(rgb: Float32Array, width: number, height: number): Promise<Float32Array>;
}

const models = new Map<string, Promise<SuperResolutionModel>>();

/** ONNX Runtime, loaded by the first thread that upscales. */
let ortReady: Promise<typeof import('onnxruntime-node')> | undefined;

/** HWC (tiles, images) to the network's CHW, and back with the output clipped to 0..255. */
function toChw(rgb: Float32Array, pixels: number): Float32Array {
  const out = new Float32Array(pixels * 3);
  for (let i = 0, j = 0; i < pixels; i++, j += 3) {
    out[i] = rgb[j]!;
    out[pixels + i] = rgb[j + 1]!;
    out[2 * pixels + i] = rgb[j + 2]!;
  }
  return out;
}
function fromChw(chw: Float32Array, pixels: number): Float32Array {
  const out = new Float32Array(pixels * 3);
  const clip = (v: number) => Math.min(255, Math.max(0, v));
  for (let i = 0, j = 0; i < pixels; i++, j += 3) {
    out[j] = clip(chw[i]!);
    out[j + 1] = clip(chw[pixels + i]!);
    out[j + 2] = clip(chw[2 * pixels + i]!);
  }
  return out;
}

/** Loaded once per thread and kept: loading a model costs more than running a tile. `root` points at an unpacked package (bench). */
export function loadModel(variant: ModelVariant, scale: ModelScale, root?: string): Promise<SuperResolutionModel> {
  const key = `${variant}:${scale}:${root ?? ''}`;
  let model = models.get(key);
  if (!model) {
    model = (async () => {
      ortReady ??= import('onnxruntime-node');
      const ort = await ortReady;
      // One intra-op thread: the engine pool's threads are the parallelism (pool.ts), as they were with tfjs.
      const session: InferenceSession = await ort.InferenceSession.create(
        kerasToOnnx(modelDirectory(variant, scale, root), PACKAGES[variant].inputMax),
        {
          intraOpNumThreads: 1,
          interOpNumThreads: 1,
          executionMode: 'sequential',
          graphOptimizationLevel: 'all',
          // Without the arena each session frees its buffers after a run: one thread that has run 2×, 4× and
          // 8× peaks at 1.2 GB resident instead of 2.4 GB (tfjs: 1.0), for 3–10 % more CPU.
          enableCpuMemArena: false,
        },
      );
      return {
        variant,
        scale,
        async run(rgb, width, height) {
          const input = new ort.Tensor('float32', toChw(rgb, width * height), [1, 3, height, width]);
          const { sr } = await session.run({ image: input });
          try {
            return fromChw(sr!.data as Float32Array, width * height * scale * scale);
          } finally {
            sr!.dispose();
          }
        },
      } satisfies SuperResolutionModel;
    })();
    models.set(key, model);
    model.catch(() => models.delete(key));
  }
  return model;
}
