import { useLingui as useLinguiCore } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { GenerationStatus } from '@web/api/types';
import { PROMPT_MAX } from '@worker/contract/sizes';
import { api } from '@web/api/endpoints';
import { queries } from '@web/api/queries';
import { formatInteger } from '@web/ui/format';
import { useToast } from '@web/ui/toast';
import { useLoginModal } from '@web/features/auth/login-modal';
import { useOnline } from '@web/features/image-job/use-online';
import {
  type AdvancedOptionsValue,
  initialAdvancedOptions,
  invalidOption,
  optionFields,
  type WorkbenchMode,
} from './advanced-options-values';
import { preflightBody, usePreflight } from './preflight';
import { sendWithSuffix } from './prompt-suffix';
import { useBatchStatuses } from './results';
import { type PickedImage, useSourceImages } from './source-images';
import { SIZE_OPTIONS } from './styles';
import { checkTextLimit } from './text-limit';
import { useGeneration } from './use-generation';
import { usePromptAndStyle } from './workbench-fields';

/** Until the server's prices arrive (or when they cannot be loaded). */
const DEFAULT_COSTS = { costByResolution: {} as Record<string, number>, defaultCost: 4 };

type Send = (seed: number | undefined) => () => Promise<GenerationStatus>;

/** The advanced options and whether they are shown. The guidance default differs between the modes (7 and 7.5): an untouched value follows the tab. */
function useAdvanced(mode: WorkbenchMode) {
  const [advanced, setAdvanced] = useState<AdvancedOptionsValue>(() => initialAdvancedOptions(mode));
  const [advancedOpen, setAdvancedOpen] = useState(false);
  useEffect(() => {
    const fresh = initialAdvancedOptions(mode);
    const other = initialAdvancedOptions(mode === 'text-to-image' ? 'image-to-image' : 'text-to-image');
    setAdvanced((a) => (a.cfgScale === other.cfgScale ? { ...a, cfgScale: fresh.cfgScale } : a));
  }, [mode]);
  return { advanced, setAdvanced, advancedOpen, setAdvancedOpen };
}

/** Why Start is disabled, said under it (nothing when it is enabled or a job runs). */
function useStartBlocker(mode: WorkbenchMode, prompt: string, uploads: readonly PickedImage[], badOption: unknown, generating: boolean) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const online = useOnline();
  const promptLimit = checkTextLimit(prompt, { max: PROMPT_MAX, required: true });
  const promptMax = formatInteger(PROMPT_MAX, i18n.locale);
  const blocker = generating
    ? null
    : promptLimit.kind === 'too-long'
      ? t`Shorten the prompt to ${promptMax} characters or fewer to start.`
      : promptLimit.kind === 'empty'
        ? mode === 'text-to-image'
          ? t`Write a prompt to start.`
          : t`Describe the effect you want to start.`
        : mode === 'image-to-image' && uploads.length === 0
          ? t`Upload at least one image to start.`
          : badOption
            ? t`Fix the advanced options to start.`
            : !online
              ? t`You are offline. Connect to the internet to start.`
              : null;
  return { promptLimit, blocker };
}

/** The workbench's form state: mode, prompt and style, source images, size, options, count, and the prices. */
export function useWorkbench(mode: WorkbenchMode, search: { prompt?: string; imageUrls?: string }) {
  const { t } = useLingui();
  const toast = useToast();
  const generation = useGeneration();
  const text = usePromptAndStyle(search.prompt);
  const images = useSourceImages(search.imageUrls);
  const [size, setSize] = useState<(typeof SIZE_OPTIONS)[number]>(SIZE_OPTIONS[0]);
  const [count, setCount] = useState(1);
  // The mode of the last run, which names its downloads: the tab may change while its images show.
  const [ranMode, setRanMode] = useState(mode);
  const options = useAdvanced(mode);
  // The jobs of the last run when it made several images (variations); null for one image.
  const [batchIds, setBatchIds] = useState<string[] | null>(null);
  const batch = useBatchStatuses(batchIds);
  const models = useQuery(queries.models());
  const costs = models.data?.costs ?? DEFAULT_COSTS;
  // A notification, not state: the page carries on with the default costs.
  useEffect(() => {
    if (models.isError) toast.warning(t`Failed to load available models. Using default models.`);
  }, [models.isError, t, toast]);

  const cost = costs.costByResolution[`${size.width}x${size.height}`] ?? costs.defaultCost;
  const generating = generation.phase === 'generating' || (batchIds !== null && batch.busy);
  const badOption = invalidOption(options.advanced);
  const honoured = models.data?.models.nano?.options?.[mode === 'text-to-image' ? 'textToImage' : 'edit'] ?? null;
  const { promptLimit, blocker } = useStartBlocker(mode, text.prompt, images.uploads, badOption, generating);
  // Before Start, what the engine will ignore for this very prompt (a negative prompt naming nothing it draws here).
  const preflight = usePreflight(
    mode === 'text-to-image'
      ? preflightBody({
          prompt: sentPrompt(text),
          negativePrompt: options.advanced.negativePrompt,
          style: text.style,
          width: size.width,
          height: size.height,
          seed: options.advanced.seed,
          count,
          valid: badOption === null,
        })
      : null,
  );
  return {
    ...{ mode, ranMode, setRanMode, generation, text, images, size, setSize, count, setCount, batchIds, setBatchIds, batch },
    ...{ ...options, cost, generating, badOption, honoured, preflight, promptLimit, blocker },
  };
}

type Workbench = ReturnType<typeof useWorkbench>;

/**
 * Runs: the form's request, "More like this" (the last run's settings again with new seeds) and
 * "Reuse seed". Each run asks for sign-in first; several images come back as a batch.
 */
export function useWorkbenchRun(wb: Workbench, sourceRecordIdOfInput: string | undefined) {
  const { t } = useLingui();
  const toast = useToast();
  const login = useLoginModal();
  const { mode, generation, setAdvanced } = wb;
  // The last run's request, so "More like this" can send the same settings with new seeds.
  const lastRun = useRef<Send | null>(null);

  /**
   * Sends the run. `seed`: undefined takes the form's (or a new random one); a number is used as is.
   * The seed field follows the lock: locked, it keeps the run's seed for the next run; unlocked, it
   * empties so the next run draws a new one.
   */
  function run(send: Send, seed: number | undefined) {
    // Offline, the request could not leave: refused here, before any spinner or charge.
    if (!navigator.onLine) {
      toast.error(t`You are offline. Connect to the internet, then start again.`);
      return;
    }
    lastRun.current = send;
    wb.setRanMode(mode);
    wb.setBatchIds(null);
    login.requireSignIn(
      () =>
        void generation.start(async () => {
          const answer = await send(seed)();
          const ids = answer.batch?.jobIds ?? [];
          if (ids.length > 1) wb.setBatchIds(ids);
          // Locked: a seed in the field stays; an empty field takes this run's, so the next run repeats it.
          setAdvanced((a) =>
            a.seedLocked ? { ...a, seed: a.seed || (answer.seed === null ? '' : String(answer.seed)) } : { ...a, seed: '' },
          );
          return answer;
        }),
    );
  }

  function start(updateRecordId?: string) {
    if (!wb.text.prompt.trim()) {
      toast.warning(mode === 'text-to-image' ? t`Please enter a prompt` : t`Please describe the effect you want`);
      return;
    }
    if (mode === 'image-to-image' && wb.images.uploads.length === 0) {
      toast.warning(t`Please upload an image first`);
      return;
    }
    if (wb.badOption) {
      wb.setAdvancedOpen(true);
      return;
    }
    run(requestOf(wb, updateRecordId, sourceRecordIdOfInput), optionFields(wb.advanced, mode).seed);
  }

  /** The last run's settings again, with new seeds (no seed: the server draws one per image). */
  function moreLikeThis() {
    const send = lastRun.current;
    if (send) run((seed) => send(seed), undefined);
  }

  function reuseSeed(seed: number) {
    setAdvanced((a) => ({ ...a, seed: String(seed) }));
    wb.setAdvancedOpen(true);
    toast.success(t`Seed ${seed} is set for the next run.`);
  }

  return { start, moreLikeThis, reuseSeed };
}

/** The prompt a job is sent: the style description goes out in English; should that not fit the limit, the prompt goes as typed. */
function sentPrompt(text: { prompt: string; appended: Parameters<typeof sendWithSuffix>[1] }): string {
  const swapped = sendWithSuffix(text.prompt, text.appended);
  return swapped.length <= PROMPT_MAX ? swapped : text.prompt.trim();
}

/** The form's request, taken now, for a seed: JSON for text to image, a form with the images for editing. */
function requestOf(wb: Workbench, updateRecordId: string | undefined, sourceRecordIdOfInput: string | undefined): Send {
  const { mode, text, size } = wb;
  const sent = sentPrompt(text);
  const style = text.style;
  // The seed is the run's, not the settings': "More like this" sends the same settings without it.
  const { seed: _formSeed, ...options } = optionFields(wb.advanced, mode);
  // Regenerating a creation makes one image in its place.
  const images = updateRecordId ? 1 : wb.count;
  const files = wb.images.uploads.map((u) => ({ file: u.file, name: u.name }));
  // Linked to the creation it came from only while the first input is still the image handed over.
  const sourceRecordId = wb.images.uploads[0]?.name.startsWith('source-') ? sourceRecordIdOfInput : undefined;
  return (seed) => () => {
    const fields = { ...options, ...(seed === undefined ? {} : { seed }) };
    if (mode === 'text-to-image') {
      return api.generate({
        prompt: sent,
        style,
        width: size.width,
        height: size.height,
        model: 'nano',
        updateRecordId,
        count: images,
        ...fields,
      });
    }
    const form = new FormData();
    form.append('prompt', sent);
    form.append('style', style);
    form.append('count', String(images));
    for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
    if (updateRecordId) form.append('updateRecordId', updateRecordId);
    if (sourceRecordId) form.append('sourceRecordId', sourceRecordId);
    for (const u of files) form.append('images', u.file, u.name);
    return api.edit(form);
  };
}

/**
 * What the workbench page holds: its form state and the setters its fields call. Declared here, not
 * in the route file: TanStack's code splitter keeps in the main bundle every import a route file
 * uses outside its component, a `typeof` included, and this one pulls in the whole workbench.
 */
export type WorkbenchState = ReturnType<typeof useWorkbench>;
