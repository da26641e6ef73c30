/** Shorter side of the seeded showcase thumbnails (scripts/showcase-thumbs.ts writes them). */
const THUMB_SIDE = 480;

/**
 * `src`/`srcSet` for a showcase image in a grid: the thumbnail for seeded images (their originals
 * are 1248 px for 180-px tiles on a phone), the original as the larger candidate. Other images
 * (added later, stored elsewhere) are used as they are.
 */
export function showcaseImageProps(image: { imageUrl: string; width: number; height: number }) {
  const match = /^\/showcase\/([a-z0-9-]+\.webp)$/.exec(image.imageUrl);
  if (!match) return { src: image.imageUrl };
  const scale = Math.min(1, THUMB_SIDE / Math.min(image.width, image.height));
  const thumbWidth = Math.round(image.width * scale);
  const thumb = `/showcase/thumbs/${match[1]}`;
  return { src: thumb, srcSet: `${thumb} ${thumbWidth}w, ${image.imageUrl} ${image.width}w` };
}
