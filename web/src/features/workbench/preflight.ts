import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { http, unwrap } from '@web/api/client';
import type { components, paths } from '@web/api/schema.gen';
import { type GenerationOption, OPTION_LIMITS } from '@worker/contract/generation-options';
import { PROMPT_MAX } from '@worker/contract/sizes';

/**
 * Before Start, which options the engine will ignore for this prompt (`POST
 * /api/generate-image/preflight`): a negative prompt naming nothing the offline engine draws, or
 * nothing this picture holds. Asked once the typing pauses, only when there is a negative prompt.
 */
export type Preflight = components['schemas']['ImagePreflight'];
type PreflightBody = paths['/api/generate-image/preflight']['post']['requestBody']['content']['application/json'];

/** How long the typing must pause before the engine is asked. */
export const PREFLIGHT_DEBOUNCE_MS = 400;

/** The request for a text-to-image form, or null when there is nothing to ask (no negative prompt, no prompt, a field out of range). */
export function preflightBody(form: {
  prompt: string;
  negativePrompt: string;
  style: string;
  width: number;
  height: number;
  seed: string;
  count: number;
  valid: boolean;
}): PreflightBody | null {
  const prompt = form.prompt.trim();
  const negativePrompt = form.negativePrompt.trim();
  if (!form.valid || !prompt || prompt.length > PROMPT_MAX || !negativePrompt || negativePrompt.length > OPTION_LIMITS.negativePromptMax)
    return null;
  return {
    prompt,
    negativePrompt,
    style: form.style,
    width: form.width,
    height: form.height,
    count: form.count,
    model: 'nano',
    ...(form.seed.trim() ? { seed: Number(form.seed) } : {}),
  };
}

/** The value once it has stayed the same for `ms` (the first value at once). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The engine's answer for the form as it stands once typing pauses. While a new answer is on its
 * way the last one stays (no flicker); with nothing to ask, null. A failed preflight hides nothing
 * the job would not say: the job's status names ignored options afterwards.
 */
export function usePreflight(body: PreflightBody | null): Preflight | null {
  const settled = useDebounced(body ? JSON.stringify(body) : null, PREFLIGHT_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['image-preflight', settled],
    queryFn: ({ signal }) => unwrap(http.POST('/api/generate-image/preflight', { body: JSON.parse(settled!) as PreflightBody, signal })),
    enabled: settled !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    placeholderData: keepPreviousData,
  });
  return body && settled ? (query.data ?? null) : null;
}

/** The options shown, split into those the engine uses and those it does not (shown apart, dimmed). */
export function optionGroups(shown: readonly GenerationOption[], honoured: readonly GenerationOption[] | null) {
  if (!honoured) return { used: [...shown], unused: [] as GenerationOption[] };
  return { used: shown.filter((o) => honoured.includes(o)), unused: shown.filter((o) => !honoured.includes(o)) };
}

/** The allowed range of a numeric option, as the server checks it (contract/generation-options.ts). */
export function rangeOf(option: GenerationOption): { min: number; max: number } | null {
  if (option === 'steps' || option === 'cfgScale' || option === 'seed' || option === 'strength') return OPTION_LIMITS[option];
  return null;
}
