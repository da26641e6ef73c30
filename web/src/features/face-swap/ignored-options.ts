import { appliedOffline, type FaceSwapMode, offlineOptionKeys } from '@worker/contract/face-swap';

/**
 * The chosen options the offline engine will not draw in this mode, in the order chosen: on a photo
 * everything outside FACE_SWAP_OFFLINE (an expression, a hairstyle, an age), in the drawn avatar the
 * options it has no drawing for (nationality, camera settings). The page names them before Start, so
 * the result's "Applied to your picture" line never comes as a surprise.
 */
export function ignoredOffline(chosen: Record<string, string>, mode: FaceSwapMode): [key: string, value: string][] {
  const drawn = offlineOptionKeys(mode);
  return Object.entries(chosen).filter(([key, value]) => (mode === 'edit' ? !appliedOffline(key, value) : !drawn.has(key)));
}
