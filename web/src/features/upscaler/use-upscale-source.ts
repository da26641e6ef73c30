import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { fetchFile } from '@web/api/files';
import { useToast } from '@web/ui/toast';
import { useUploadFormats } from '@web/ui/upload-formats';
import { acceptedImageUrl, nameForBlob, uploadProblem } from './image-source';
import type { SourceImage } from './upload-box';

async function decode(file: File): Promise<{ width: number; height: number }> {
  const bitmap = await createImageBitmap(file);
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}

/**
 * The image to enlarge: picked, dropped, pasted or handed over by URL. `accept` checks the files,
 * says a refusal under the box and in a toast, decodes the image for its size and hands it to
 * `onAccepted` (the page resets its job and picks a factor that fits; keep it stable with useCallback).
 */
export function useUpscaleSource(onAccepted: (image: SourceImage) => void) {
  const { t } = useLingui();
  const toast = useToast();
  const formats = useUploadFormats(false);
  const [source, setSource] = useState<SourceImage | null>(null);
  const [inputError, setInputError] = useState<string | null>(null);
  useEffect(() => () => void (source && URL.revokeObjectURL(source.preview)), [source]);

  const refuse = useCallback(
    (message: string) => {
      setInputError(message);
      toast.error(message);
    },
    [toast],
  );

  const accept = useCallback(
    async (files: File[]) => {
      const problem = uploadProblem(files);
      if (problem) {
        return refuse(
          problem === 'many'
            ? t`Please select one image`
            : problem === 'type'
              ? formats.unsupported
              : problem === 'size'
                ? t`Image size cannot exceed 10MB`
                : t`Please select an image file`,
        );
      }
      const file = files[0]!;
      let size: { width: number; height: number };
      try {
        size = await decode(file);
      } catch {
        return refuse(t`This file could not be read as an image`);
      }
      const image = { file, preview: URL.createObjectURL(file), ...size };
      onAccepted(image);
      setSource(image);
      setInputError(null);
    },
    [formats.unsupported, onAccepted, refuse, t],
  );

  return { source, setSource, inputError, setInputError, accept };
}

/** A screenshot or copied image can be pasted anywhere on the page (Ctrl/Cmd+V), except into a text field. */
export function usePastedImage(accept: (files: File[]) => Promise<void>, disabled: boolean) {
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const files = [...(event.clipboardData?.files ?? [])];
      if (disabled || files.length === 0 || (event.target as HTMLElement | null)?.closest?.('input, textarea, [contenteditable]')) return;
      event.preventDefault();
      void accept(files);
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [accept, disabled]);
}

/**
 * "Upscale" elsewhere opens this page with ?imageUrl=… of a finished image: fetch it into the box.
 * The image is fetched once per URL; what happens with it uses the current language and `accept`.
 * The fetched file is returned: while it is the one in the box, the upscale names its creation (lineage).
 */
export function useHandedOverImage(imageUrl: string | undefined, accept: (files: File[]) => Promise<void>) {
  const { t } = useLingui();
  const toast = useToast();
  const [loading, setLoading] = useState(false);
  const fetchedFile = useRef<File | null>(null);
  const acceptFetched = useEffectEvent((blob: Blob) => {
    fetchedFile.current = new File([blob], nameForBlob(blob.type, 'creation'), { type: blob.type });
    return accept([fetchedFile.current]);
  });
  const refuseSource = useEffectEvent((reason: 'foreign' | 'unreachable') =>
    toast.error(
      reason === 'foreign'
        ? t`Only images from this site can be opened in the upscaler`
        : t`Could not load that image, please upload it instead`,
    ),
  );
  useEffect(() => {
    if (!imageUrl) return;
    const path = acceptedImageUrl(imageUrl, window.location.origin);
    if (!path) {
      refuseSource('foreign');
      return;
    }
    let cancelled = false;
    setLoading(true);
    fetchFile(path)
      .then(async (blob) => {
        if (!cancelled) await acceptFetched(blob);
      })
      .catch(() => !cancelled && refuseSource('unreachable'))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [imageUrl]);
  return { loading, fetchedFile };
}
