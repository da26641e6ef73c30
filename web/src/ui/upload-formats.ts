import { useLingui } from '@lingui/react/macro';
import { UPLOAD, uploadAccept, uploadTypeNames, uploadTypes } from '@worker/contract/uploads';

/**
 * The accepted formats as a reader's list: "JPG, PNG, WebP" in English, "JPG、PNG、WebP" in Chinese
 * (as the server's Chinese refusal writes it), GIF included only where the field accepts it.
 */
export function acceptedFormatsText(acceptsGif: boolean, locale: string): string {
  return uploadTypeNames(acceptsGif).join(locale.startsWith('zh') ? '、' : ', ');
}

/**
 * Everything an upload box says about formats, from the one list (worker/contract/uploads.ts): the
 * picker's `accept`, the types to check a dropped file against, the hint under the box and the
 * refusal — so none of them can name a format another does not.
 */
export function useUploadFormats(acceptsGif: boolean) {
  const { t, i18n } = useLingui();
  const formats = acceptedFormatsText(acceptsGif, i18n.locale);
  const maxMb = UPLOAD.maxBytes / (1024 * 1024);
  return {
    accept: uploadAccept(acceptsGif),
    types: uploadTypes(acceptsGif),
    /** "JPG, PNG, WebP, GIF · up to 10 MB" */
    hint: t`${formats} · up to ${maxMb} MB`,
    /** "Only JPG, PNG, WebP formats are supported" (spec §9), GIF named where it is accepted. */
    unsupported: t`Only ${formats} formats are supported`,
  };
}
