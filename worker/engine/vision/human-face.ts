/**
 * Whether a detected "face" is a person's (the portrait cut the chelsea cat out onto the
 * studio backdrop, and the ID photo framed it). SSD MobileNet finds cat heads with scores of 0.93–0.95,
 * so the score cannot tell; the 68-point landmark net, run inside the box, can. On a human face the
 * jaw it draws spans the box from side to side and the chin sits at the box's bottom edge; on a cat
 * it draws a small face inside the big furry head: jaw 0.33–0.84 of the box width, chin 0.58–0.85 of
 * its height (chelsea, full photo and fixture crop, at three sizes, mirrored, turned ±15°, JPEG q30),
 * against at least 0.94 and 0.91 for the astronaut and the three-quarter-turned cameraman under the
 * same changes.
 *
 * Skin colour is no evidence here: ginger fur lies inside the YCbCr skin box (98 % of chelsea's face
 * box against 95 % of the astronaut's), and a black-and-white or neon-lit portrait has no skin tones.
 */
import type { Face } from './index';

/** Landmark fill (the smaller of jaw span / box width and chin depth / box height) a person's face reaches. */
export const HUMAN_FACE_FILL = 0.88;

export interface FaceEvidence {
  /** Jaw width (landmarks 0–16) over the box width. */
  jawSpan: number;
  /** Chin (landmark 8) below the box top, over the box height. */
  chinDepth: number;
  /** min(jawSpan, chinDepth): near 1 for a person, lower for an animal's head. */
  fill: number;
  /** Eyes above the nose tip, the nose above the mouth, the mouth above the chin, the nose between the eyes. */
  ordered: boolean;
  human: boolean;
}

const NO_EVIDENCE: FaceEvidence = { jawSpan: 0, chinDepth: 0, fill: 0, ordered: false, human: false };

/** How much a detected face looks like a person's, from its 68 landmarks and its box. */
export function faceEvidence(face: Face): FaceEvidence {
  const points = face.landmarks?.points;
  const { box } = face;
  if (points?.length !== 68 || box.width <= 0 || box.height <= 0) return NO_EVIDENCE;
  const at = (i: number) => points[i]!;
  const centre = (from: number, to: number): [number, number] => {
    let x = 0;
    let y = 0;
    for (let i = from; i <= to; i++) {
      x += at(i)[0];
      y += at(i)[1];
    }
    return [x / (to - from + 1), y / (to - from + 1)];
  };
  const jawSpan = Math.hypot(at(16)[0] - at(0)[0], at(16)[1] - at(0)[1]) / box.width;
  const chinDepth = (at(8)[1] - box.y) / box.height;
  const fill = Math.min(jawSpan, chinDepth);
  const [leftEye, rightEye] = [centre(36, 41), centre(42, 47)];
  const nose = at(30);
  const mouth = centre(48, 59);
  const eyeY = (leftEye[1] + rightEye[1]) / 2;
  const ordered =
    eyeY < nose[1] &&
    nose[1] < mouth[1] &&
    mouth[1] < at(8)[1] &&
    nose[0] > Math.min(leftEye[0], rightEye[0]) &&
    nose[0] < Math.max(leftEye[0], rightEye[0]);
  return { jawSpan, chinDepth, fill, ordered, human: ordered && fill >= HUMAN_FACE_FILL };
}

/** The largest detected face that is a person's (faces come largest first), or undefined. */
export function humanFace(faces: readonly Face[]): Face | undefined {
  return faces.find((face) => faceEvidence(face).human);
}
