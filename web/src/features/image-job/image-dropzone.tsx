import { Trans, useLingui } from '@lingui/react/macro';
import { Upload } from 'lucide-react';
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { UPLOAD } from '@worker/contract/uploads';
import { useToast } from '@web/ui/toast';

/**
 * One picked photo and its preview URL. `choose` checks what the user picked (one file, a format
 * the page takes, at most the upload limit) and says a refusal in a toast; the preview URL is
 * released when it is replaced or the page goes.
 */
export function useSingleImage({ types, unsupported, onChosen }: { types: readonly string[]; unsupported: string; onChosen?: () => void }) {
  const { t } = useLingui();
  const toast = useToast();
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<string>();
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  /** Takes a file without the checks: one handed over by another page, already the user's own. */
  function use(f: File) {
    setFile(f);
    setPreview(URL.createObjectURL(f));
  }

  function choose(files: FileList | null) {
    if (!files?.length) return;
    if (files.length > 1) return toast.error(t`Please select one image`);
    const f = files[0]!;
    if (!types.includes(f.type)) return toast.error(unsupported);
    if (f.size > UPLOAD.maxBytes) return toast.error(t`Image size cannot exceed 10MB`);
    use(f);
    onChosen?.();
  }

  return { file, preview, choose, use };
}

/**
 * The one-photo drop zone of the generation pages: click it (or focus it and press Enter/Space) to
 * pick a file, or drop one on it. Without a photo it shows `prompt`; with one, the preview and how
 * to change it. The hidden file input carries the page's test id.
 */
export function ImageDropzone({
  preview,
  onFiles,
  accept,
  inputTestId,
  previewTestId,
  prompt,
  padding = 'p-5',
  previewHeight = 'max-h-56',
}: {
  preview: string | undefined;
  onFiles: (files: FileList | null) => void;
  accept: string;
  inputTestId: string;
  previewTestId?: string;
  prompt: ReactNode;
  padding?: string;
  previewHeight?: string;
}) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    onFiles(event.dataTransfer.files);
  }

  return (
    <>
      <button
        type="button"
        onClick={() => input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={`flex w-full flex-col items-center gap-2 rounded-xl border-2 border-dashed ${padding} text-sm transition ${dragging ? 'border-fuchsia-400 bg-fuchsia-500/10' : 'border-white/15 hover:border-white/30'}`}
      >
        {preview ? (
          <>
            <img src={preview} alt={t`Your upload`} data-testid={previewTestId} className={`${previewHeight} rounded-lg`} />
            <span className="text-xs text-zinc-400">
              <Trans>Click or drop to change the photo</Trans>
            </span>
          </>
        ) : (
          <>
            <Upload aria-hidden className="h-7 w-7 text-zinc-400" strokeWidth={1.75} />
            {prompt}
          </>
        )}
      </button>
      <input ref={input} type="file" accept={accept} hidden data-testid={inputTestId} onChange={(e) => onFiles(e.target.files)} />
    </>
  );
}
