import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type DragEvent } from 'react';
import { Spinner } from '../../ui/spinner';
import { CloseIcon, UploadIcon } from './icons';
import { useUploadFormats } from '../../ui/upload-formats';

export interface SourceImage {
  file: File;
  preview: string;
  width: number;
  height: number;
}

const formatBytes = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

/**
 * The one-image upload box: drop a file on it, click it, or focus it and press Enter/Space. With
 * an image it shows the preview, its size, and a way to replace or remove it.
 */
export function UploadBox({
  image,
  loading,
  disabled,
  invalid,
  onFiles,
  onClear,
}: {
  image: SourceImage | null;
  loading: boolean;
  disabled: boolean;
  invalid: boolean;
  onFiles: (files: File[]) => void;
  onClear: () => void;
}) {
  // Formats from the one list (worker/contract/uploads.ts); the upscaler takes no GIF.
  const formats = useUploadFormats(false);
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const open = () => !disabled && input.current?.click();

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!disabled) onFiles([...event.dataTransfer.files]);
  }

  const frame = `relative flex w-full flex-col items-center justify-center overflow-hidden rounded-2xl border-2 border-dashed text-center transition ${
    dragging
      ? 'border-fuchsia-400 bg-fuchsia-500/10'
      : invalid
        ? 'border-rose-400/70 bg-rose-500/5'
        : 'border-white/15 bg-ink-900/50 hover:border-violet-400/60 hover:bg-violet-500/5'
  }`;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse only; the buttons inside are the keyboard and screen-reader path.
    <div
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {image ? (
        <ChosenImage frame={frame} image={image} disabled={disabled} onOpen={open} onClear={onClear} />
      ) : (
        <button
          type="button"
          onClick={open}
          disabled={disabled || loading}
          aria-describedby="upscale-upload-hint"
          className={`${frame} min-h-52 gap-3 px-6 py-8`}
        >
          <UploadPrompt loading={loading} formats={formats} />
        </button>
      )}
      <input
        ref={input}
        type="file"
        accept={formats.accept}
        hidden
        data-testid="upscale-input"
        onChange={(e) => {
          if (e.target.files) onFiles([...e.target.files]);
          e.target.value = '';
        }}
      />
    </div>
  );
}

/** The chosen image: its preview (click to replace), name, size, and a button to remove it. */
function ChosenImage({
  frame,
  image,
  disabled,
  onOpen,
  onClear,
}: {
  frame: string;
  image: SourceImage;
  disabled: boolean;
  onOpen: () => void;
  onClear: () => void;
}) {
  const { t } = useLingui();
  return (
    <div className={`${frame} p-3`}>
      <button
        type="button"
        onClick={onOpen}
        disabled={disabled}
        aria-label={t`Replace image`}
        className="block w-full disabled:cursor-not-allowed"
      >
        <img src={image.preview} alt="" className="mx-auto max-h-56 rounded-xl object-contain" data-testid="source-preview" />
      </button>
      <div className="mt-3 flex w-full items-center justify-between gap-3 text-left text-xs text-zinc-400">
        <span className="min-w-0">
          <span className="block truncate text-zinc-200">{image.file.name}</span>
          <span data-testid="source-size">
            <Trans>
              {image.width} × {image.height} px
            </Trans>{' '}
            · {formatBytes(image.file.size)}
          </span>
        </span>
        <button
          type="button"
          onClick={onClear}
          disabled={disabled}
          aria-label={t`Remove image`}
          className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full border border-white/10 text-zinc-300 hover:bg-white/10 hover:text-white disabled:opacity-40"
        >
          <CloseIcon className="h-4 w-4" />
        </button>
      </div>
    </div>
  );
}

/** The empty box: what to drop, and the formats it takes (or a spinner while an image loads). */
function UploadPrompt({ loading, formats }: { loading: boolean; formats: ReturnType<typeof useUploadFormats> }) {
  return loading ? (
    <>
      <Spinner className="h-7 w-7" />
      <span className="text-sm text-zinc-300">
        <Trans>Loading your image…</Trans>
      </span>
    </>
  ) : (
    <>
      <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-gradient-to-br from-violet-500/30 to-fuchsia-500/30 text-violet-100 ring-1 ring-white/10">
        <UploadIcon className="h-6 w-6" />
      </span>
      <span className="text-sm font-semibold text-zinc-100">
        <Trans>Drop an image here or click to upload</Trans>
      </span>
      <span id="upscale-upload-hint" className="text-xs text-zinc-500">
        <Trans>{formats.hint} · or paste an image</Trans>
      </span>
    </>
  );
}
