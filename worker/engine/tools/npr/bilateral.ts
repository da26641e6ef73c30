/**
 * Separable bilateral filter on interleaved 3-channel data (Tomasi & Manduchi 1998; the separable
 * approximation of Pham & van Vliet 2005), iterated as in Winnemöller, Olsen & Gooch 2006,
 * "Real-Time Video Abstraction": a few passes in Lab flatten texture and shading noise into smooth
 * regions while colour edges stay sharp. Each pass is a horizontal then a vertical 1-D bilateral,
 * so the cost is 2·(2r+1) taps per pixel instead of (2r+1)².
 */

/** One 1-D bilateral pass along x (`horizontal`) or y; range weight on the full 3-channel distance. */
function pass(src: Float32Array, width: number, height: number, sigmaS: number, sigmaR: number, horizontal: boolean): Float32Array {
  const radius = Math.max(1, Math.ceil(2 * sigmaS));
  const spatial = Float32Array.from({ length: radius + 1 }, (_, k) => Math.exp(-(k * k) / (2 * sigmaS * sigmaS)));
  // Range weights from a table over squared distance (in units of sigmaR² / 16), cut at 4.5 σ.
  const steps = 16;
  const table = Float32Array.from({ length: steps * 21 }, (_, i) => Math.exp(-i / steps / 2));
  const inv = steps / (sigmaR * sigmaR);
  const limit = table.length - 1;
  const out = new Float32Array(src.length);
  const outer = horizontal ? height : width;
  const inner = horizontal ? width : height;
  const stride = horizontal ? 3 : width * 3;
  for (let o = 0; o < outer; o++) {
    const base = horizontal ? o * width * 3 : o * 3;
    for (let i = 0; i < inner; i++) {
      const c = base + i * stride;
      const l0 = src[c]!;
      const a0 = src[c + 1]!;
      const b0 = src[c + 2]!;
      let sl = 0;
      let sa = 0;
      let sb = 0;
      let sw = 0;
      const from = Math.max(0, i - radius);
      const to = Math.min(inner - 1, i + radius);
      for (let j = from; j <= to; j++) {
        const q = base + j * stride;
        const dl = src[q]! - l0;
        const da = src[q + 1]! - a0;
        const db = src[q + 2]! - b0;
        const d = (dl * dl + da * da + db * db) * inv;
        if (d >= limit) continue;
        const w = spatial[j > i ? j - i : i - j]! * table[d | 0]!;
        sl += src[q]! * w;
        sa += src[q + 1]! * w;
        sb += src[q + 2]! * w;
        sw += w;
      }
      out[c] = sl / sw;
      out[c + 1] = sa / sw;
      out[c + 2] = sb / sw;
    }
  }
  return out;
}

/**
 * `iterations` separable bilateral passes over interleaved 3-channel data (e.g. Lab with L in
 * 0..100: sigmaR ≈ 4–8 keeps edges of a few ΔE). Returns a new array.
 */
export function iteratedBilateral(
  data: Float32Array,
  width: number,
  height: number,
  { sigmaS = 3, sigmaR = 6, iterations = 3 }: { sigmaS?: number; sigmaR?: number; iterations?: number } = {},
): Float32Array {
  let cur = data;
  for (let k = 0; k < iterations; k++) {
    cur = pass(cur, width, height, sigmaS, sigmaR, true);
    cur = pass(cur, width, height, sigmaS, sigmaR, false);
  }
  return cur === data ? data.slice() : cur;
}
