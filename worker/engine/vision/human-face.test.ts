import { describe, expect, it } from 'vitest';
import { fixtureBytes } from '../tools/test-support';
import { faceEvidence, HUMAN_FACE_FILL, humanFace } from './human-face';
import { detectFaces, type Face } from './index';

describe('human face evidence', () => {
  it("accepts the astronaut's face and refuses the cat's head the detector also finds", async () => {
    const [astronaut] = await detectFaces(fixtureBytes('astronaut'));
    const [cat] = await detectFaces(fixtureBytes('chelsea'));
    // The detector is sure of both: its score cannot tell a cat from a person.
    expect(cat!.score).toBeGreaterThan(0.9);
    expect(faceEvidence(astronaut!)).toMatchObject({ human: true, ordered: true });
    expect(faceEvidence(astronaut!).fill).toBeGreaterThan(0.95);
    expect(faceEvidence(cat!).human).toBe(false);
    expect(faceEvidence(cat!).fill).toBeLessThan(HUMAN_FACE_FILL - 0.03);
    expect(humanFace([cat!, astronaut!])).toBe(astronaut);
    expect(humanFace([cat!])).toBeUndefined();
  }, 30_000);

  it('has no evidence without the 68 landmarks, or with a face upside down', () => {
    const box = { x: 0, y: 0, width: 100, height: 100 };
    expect(faceEvidence({ box, score: 1 }).human).toBe(false);
    // A plausible face drawn in its box, then the same points flipped vertically.
    const points: [number, number][] = Array.from({ length: 68 }, () => [50, 50]);
    for (let i = 0; i <= 16; i++) points[i] = [2 + i * 6, 40 + 58 * Math.sin((i / 16) * Math.PI)];
    for (let i = 36; i <= 41; i++) points[i] = [30 + (i - 36), 40];
    for (let i = 42; i <= 47; i++) points[i] = [65 + (i - 42), 40];
    points[30] = [50, 62];
    for (let i = 48; i <= 59; i++) points[i] = [40 + (i - 48), 78];
    const face: Face = { box, score: 1, landmarks: { points } };
    expect(faceEvidence(face)).toMatchObject({ human: true, ordered: true });
    const flipped: Face = { box, score: 1, landmarks: { points: points.map(([x, y]): [number, number] => [x, 100 - y]) } };
    expect(faceEvidence(flipped).human).toBe(false);
  });
});
