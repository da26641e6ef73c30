import { useQuery } from '@tanstack/react-query';
import type { UpscaleFactor } from '@worker/contract/upscale-limits';
import { queries } from '@web/api/queries';

export type UpscaleCosts = Partial<Record<`${UpscaleFactor}`, number>>;

/**
 * Credits per factor, null until the upscale options answer. Called by the parts that draw a price
 * (factor picker, output line, FAQ), not by the page: a query's answer re-renders whoever reads it in
 * one synchronous task, and when the page read it, that was the whole tool (26–57 ms in a Lighthouse
 * trace on a 2-core machine, ×4 on its simulated phone).
 */
export function useUpscaleCosts(): UpscaleCosts | null {
  return useQuery({ ...queries.upscaleOptions(), select: (options) => options.costByFactor }).data ?? null;
}
