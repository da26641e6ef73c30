import { useQuery } from '@tanstack/react-query';
import type { I18n } from '@lingui/core';
import { useLingui as useLinguiCore } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  FACE_SWAP_TEXT_MAX,
  cleanSelection,
  compileFaceSwapDescription,
  stripFaceSwapPrefix,
  faceSwapOption,
  offlineOptionKeys,
  type FaceSwapMode,
  type FaceSwapSelection,
} from '@worker/contract/face-swap';
import { uploadTypes } from '@worker/contract/uploads';
import { ApiError } from '@web/api/client';
import { sayMessage } from '@web/api/error-text';
import { faceSwapApi } from '@web/api/face-swap';
import { queries } from '@web/api/queries';
import { useToast } from '@web/ui/toast';
import { useLoginModal } from '@web/features/auth/login-modal';
import { useSingleImage } from '@web/features/image-job/image-dropzone';
import { useDownloadToasts } from '@web/features/image-job/use-download-toasts';
import { downloadPng } from '@web/features/upscaler/download-png';
import { checkTextLimit } from '@web/features/workbench/text-limit';
import { useGeneration } from '@web/features/workbench/use-generation';
import { EXAMPLE_PROMPTS, PREFIX_SHOWN } from './labels';

export const FACE_SWAP_TYPES = uploadTypes(false);
/** Options Random picks from: the ones that change an avatar most, so a random result reads as one. */
const RANDOM_KEYS = [
  'gender',
  'age',
  'expression',
  'hair_style',
  'hair_color',
  'eye_color',
  'head_accessories',
  'background',
  'light_style',
  'post_processing_style',
];
/** Spec §5 fixes this name (the other tools save under their name and the day, lib/download-name.ts). */
const DOWNLOAD_NAME = 'face-swap-result.png';

export type Mode = 'text' | 'image';
export const modeOf = (mode: Mode): FaceSwapMode => (mode === 'text' ? 'generate' : 'edit');
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

/**
 * The server's refusal of the description when, without an AI model, it recognises nothing it can
 * apply: said in the reader's language from the message id. Any other failure is left to the
 * shared wording (a field's limit names the field instead).
 */
function faceSwapRefusal(error: unknown, i18n: I18n): string | null {
  if (!(error instanceof ApiError) || error.said?.id !== 'faceSwapOfflineNothingToApply') return null;
  return sayMessage(i18n, error.said) ?? error.message;
}

/**
 * The description and the chosen options, compiled into the prompt. An edit made in the Preview
 * modal holds until the text or the options change under it (then it is `stale`).
 */
function useFaceSwapPrompt(clearError: () => void) {
  const { i18n } = useLinguiCore();
  const [text, setText] = useState('');
  const [selection, setSelection] = useState<FaceSwapSelection>({});
  const [edited, setEdited] = useState<string | null>(null);
  const [editedFrom, setEditedFrom] = useState('');
  const chosen = cleanSelection(selection);
  const compiled = compileFaceSwapDescription(text, chosen);

  function setOption(key: string, value: string | undefined) {
    setSelection((s) => ({ ...s, [key]: value }));
    clearError();
  }

  function randomise() {
    const next: FaceSwapSelection = {};
    for (const key of RANDOM_KEYS) {
      if (key === 'head_accessories' && Math.random() < 0.5) continue;
      const values = faceSwapOption(key)!.values.filter((v) => v.value !== 'child');
      next[key] = pick(values).value;
    }
    setSelection(next);
    setText(i18n._(pick(EXAMPLE_PROMPTS)));
    setEdited(null);
    clearError();
  }

  function clearAll() {
    setSelection({});
    setText('');
    setEdited(null);
    clearError();
  }

  /** Keeps an edit from the Preview modal, remembering what it was made from. */
  function keepEdit(value: string | null) {
    setEdited(value);
    setEditedFrom(compiled);
  }

  const stale = edited !== null && editedFrom !== compiled;
  return { text, setText, selection, chosen, compiled, edited, setEdited, stale, setOption, randomise, clearAll, keepEdit };
}

/**
 * The avatar builder's form and run. Spec §5: image mode needs the photo first, then (both modes) a
 * description or an option; then sign-in. A refusal of the description stays under the description
 * box until the text, the options or the mode change.
 */
export function useFaceSwap() {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const toast = useToast();
  const login = useLoginModal();
  const notify = useDownloadToasts();
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalText = useCallback(
    (error: unknown) => {
      const text = faceSwapRefusal(error, i18n);
      setRefusal(text);
      return text;
    },
    [i18n],
  );
  const generation = useGeneration({ startErrorText: refusalText });
  const [mode, setMode] = useState<Mode>('text');
  const [error, setError] = useState<string>();
  const [usedPrompt, setUsedPrompt] = useState('');
  const clearError = () => setError(undefined);
  const prompt = useFaceSwapPrompt(clearError);
  const photo = useSingleImage({ types: FACE_SWAP_TYPES, unsupported: t`Only JPG, PNG, WebP formats are supported`, onChosen: clearError });
  // Gemini draws the prompt where it is configured; otherwise the offline engine runs (and says what it does).
  const models = useQuery(queries.models());
  const model: 'gemini' | 'nano' | null = models.isPending ? null : models.data?.models.gemini?.available ? 'gemini' : 'nano';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the refusal was about this text, these options and this mode
  useEffect(() => setRefusal(null), [prompt.text, prompt.selection, mode]);

  const chosenCount = Object.keys(prompt.chosen).length;
  const applied = useMemo(() => offlineOptionKeys(modeOf(mode)), [mode]);
  const busy = generation.phase === 'generating';
  const textLimit = checkTextLimit(prompt.text, { max: FACE_SWAP_TEXT_MAX });
  const tooLong = textLimit.kind === 'too-long';
  // The prefix in the reader's language: the model is sent the contract's English one.
  const prefixShown = i18n._(PREFIX_SHOWN[modeOf(mode)]);

  function fail(message: string) {
    setError(message);
    toast.error(message);
  }

  function generate(override?: string | null) {
    if (busy) return;
    const approved = override !== undefined ? override : prompt.edited;
    if (mode === 'image' && !photo.file) return fail(t`Please upload an image first`);
    if (!prompt.text.trim() && chosenCount === 0 && !approved) return fail(t`Enter a description or choose at least one option`);
    if (tooLong) return fail(t`The description can be at most ${FACE_SWAP_TEXT_MAX} characters`);
    // Offline, the request could not leave: refused here, before any spinner or charge.
    if (!navigator.onLine) return fail(t`You are offline. Connect to the internet, then press Generate again.`);
    setError(undefined);
    const body = approved ?? prompt.compiled;
    setUsedPrompt(`${prefixShown}\n\n${stripFaceSwapPrefix(body)}`);
    const fields = { extra: prompt.text.trim(), options: prompt.chosen, model: model ?? 'nano', style: 'realistic' };
    login.requireSignIn(
      () =>
        void generation.start(() =>
          mode === 'text'
            ? faceSwapApi.generate({ ...fields, prompt: body, width: 1024, height: 1024 })
            : faceSwapApi.edit({ ...fields, prompt: approved ?? undefined }, photo.file!),
        ),
    );
  }

  function download() {
    const url = generation.result?.imageUrl;
    if (url) notify(downloadPng(url, DOWNLOAD_NAME));
  }

  return {
    ...{ generation, mode, setMode, error, setError, usedPrompt, prompt, photo, model, refusal },
    ...{ chosenCount, applied, busy, textLimit, tooLong, prefixShown, generate, download },
  };
}
