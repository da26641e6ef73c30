/**
 * Face detection for the offline engine (upscaler face pass; ID photo and portrait tools next).
 *
 * `@vladmandic/face-api` (MIT) ships its weights inside the npm package (`model/`), so nothing is
 * downloaded at run time. It runs on the same tfjs + wasm backend the upscaler loads in this worker
 * thread (one tfjs per thread, see upscale/model.ts). SSD MobileNet v1 finds the faces and the
 * 68-point landmark net gives the eyes, which the ID photo frames by.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { loadTf } from '../upscale/model';

export interface Face {
  /** Pixels of the EXIF-oriented image. */
  box: { x: number; y: number; width: number; height: number };
  score: number;
  /** Eye centres and the chin point (68-point model, point 8): the ID photo frames by the eye line and head height. */
  landmarks?: {
    leftEye?: [number, number];
    rightEye?: [number, number];
    chin?: [number, number];
    /**
     * All 68 points of the landmark net in image pixels (iBUG order: jaw 0–16, brows 17–26, nose
     * 27–35, eyes 36–41 and 42–47, mouth 48–67): face swap draws and masks by them.
     */
    points?: [number, number][];
  };
}

/** Below this the detector's hits on textures (fur, foam) outnumber real faces on our test photos. */
const MIN_CONFIDENCE = 0.6;
/** The detector works on a downscaled copy: faces stay findable and time stays bounded on big photos. */
const DETECT_MAX_SIDE = 1024;

type FaceApi = typeof import('@vladmandic/face-api');
const require = createRequire(import.meta.url);
let faceApiReady: Promise<FaceApi> | undefined;

function loadFaceApi(): Promise<FaceApi> {
  faceApiReady ??= (async () => {
    await loadTf();
    const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
    const models = modelDirectory();
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(models);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
    return faceapi;
  })();
  return faceApiReady;
}

/** The package's `model/` folder (its exports map hides it, so walk up from the entry). */
function modelDirectory(): string {
  let dir = dirname(require.resolve('@vladmandic/face-api/dist/face-api.node-wasm.js'));
  for (;;) {
    try {
      if (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name === '@vladmandic/face-api') return join(dir, 'model');
    } catch {
      // not the package root yet
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('@vladmandic/face-api not found');
    dir = parent;
  }
}

/** Faces in an encoded image, largest first. An image without faces gives an empty list. */
export async function detectFaces(image: Uint8Array): Promise<Face[]> {
  const [faceapi, tf] = await Promise.all([loadFaceApi(), loadTf()]);
  const meta = await sharp(image).metadata();
  // EXIF orientations 5–8 turn the picture a quarter: the upright width is the stored height.
  const uprightWidth = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
  const { data, info } = await sharp(image, { failOn: 'error' })
    .rotate()
    .resize(DETECT_MAX_SIDE, DETECT_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const scale = (uprightWidth ?? info.width) / info.width;
  const input = tf.tensor3d(new Uint8Array(data.buffer, data.byteOffset, data.length), [info.height, info.width, 3], 'int32');
  try {
    const found = await faceapi
      .detectAllFaces(input as never, new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE }))
      .withFaceLandmarks();
    return found
      .map((f): Face => {
        const b = f.detection.box;
        const eye = (points: { x: number; y: number }[]): [number, number] => [
          (points.reduce((s, p) => s + p.x, 0) / points.length) * scale,
          (points.reduce((s, p) => s + p.y, 0) / points.length) * scale,
        ];
        return {
          box: { x: b.x * scale, y: b.y * scale, width: b.width * scale, height: b.height * scale },
          score: f.detection.score,
          landmarks: {
            leftEye: eye(f.landmarks.getLeftEye()),
            rightEye: eye(f.landmarks.getRightEye()),
            chin: eye([f.landmarks.getJawOutline()[8]!]),
            points: f.landmarks.positions.map((p): [number, number] => [p.x * scale, p.y * scale]),
          },
        };
      })
      .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
  } finally {
    input.dispose();
  }
}
