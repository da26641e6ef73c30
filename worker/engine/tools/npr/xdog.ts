/**
 * Ink lines by XDoG (Winnemöller, Kyprianidis & Olsen 2012, "XDoG: An eXtended
 * difference-of-Gaussians compendium"): a difference of Gaussians of the luminance, soft-thresholded
 * with tanh so lines come out as clean dark strokes, then specks smaller than `minArea` removed so
 * texture does not leave dirt. 1 = paper, toward 0 = ink.
 */
import { removeSpecks, xdog } from '../filters';
import type { Plane } from '../raster';

export function inkLines(lum: Plane, sigma: number, minArea: number, { epsilon = -0.012, sharpness = 90, tau = 0.98 } = {}): Plane {
  return removeSpecks(xdog(lum, sigma, { k: 1.6, tau, epsilon, sharpness }), minArea);
}
