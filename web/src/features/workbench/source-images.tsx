import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Upload, X } from 'lucide-react';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { UPLOAD, uploadTypes } from '@worker/contract/uploads';
import { fetchFile } from '@web/api/files';
import { useToast } from '@web/ui/toast';

export const MAX_IMAGES = 5;
const TYPES = uploadTypes(false);

/** A picked source image (the lucide `Upload` icon is a different thing with the same name). */
export interface PickedImage {
  id: string;
  file: File;
  preview: string;
  name: string;
}

const picked = (file: File): PickedImage => ({ id: crypto.randomUUID(), file, preview: URL.createObjectURL(file), name: file.name });

/**
 * The editing inputs, up to five: `add` takes what fits and says what it refused; `imageUrls`
 * (comma separated, e.g. "re-edit" from My creations) preloads them.
 */
export function useSourceImages(imageUrls: string | undefined) {
  const { t } = useLingui();
  const toast = useToast();
  const [uploads, setUploads] = useState<PickedImage[]>([]);
  useEffect(
    () => () => {
      for (const u of uploads) URL.revokeObjectURL(u.preview);
    },
    [uploads],
  );

  useEffect(() => {
    const urls = (imageUrls ?? '').split(',').filter(Boolean).slice(0, MAX_IMAGES);
    if (urls.length === 0) return;
    void Promise.all(
      urls.map(async (url, i) => {
        const blob = await fetchFile(url);
        return picked(new File([blob], `source-${i + 1}.${blob.type.split('/')[1] ?? 'png'}`, { type: blob.type }));
      }),
    ).then(setUploads, () => toast.error(t`Upload failed`));
  }, [imageUrls, t, toast]);

  function add(files: FileList | File[]) {
    const list = [...files];
    const room = MAX_IMAGES - uploads.length;
    const left = Math.max(room, 0);
    if (list.length > room)
      toast.warning(
        t({
          message: plural(left, {
            0: 'No more images can be added; the extra files were dropped.',
            one: 'You can add # more image; the extra files were dropped.',
            other: 'You can add # more images; the extra files were dropped.',
          }),
        }),
      );
    const accepted: PickedImage[] = [];
    for (const file of list.slice(0, Math.max(room, 0))) {
      if (!TYPES.includes(file.type)) {
        toast.error(t`Only JPG, PNG, WebP formats are supported`);
        continue;
      }
      if (file.size > UPLOAD.maxBytes) {
        toast.error(t`Image size cannot exceed 10MB`);
        continue;
      }
      accepted.push(picked(file));
    }
    setUploads((current) => [...current, ...accepted]);
  }

  const remove = (id: string) => setUploads((list) => list.filter((x) => x.id !== id));
  return { uploads, add, remove };
}

/** The several-image drop zone of image editing (click, drop or keyboard), and the picked images with a remove button each. */
export function SourceImages({ images }: { images: ReturnType<typeof useSourceImages> }) {
  const { t } = useLingui();
  const fileInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    images.add(event.dataTransfer.files);
  }

  return (
    <>
      <button
        type="button"
        onClick={() => fileInput.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex w-full cursor-pointer flex-col items-center gap-1 rounded-xl border-2 border-dashed p-6 text-center text-sm transition ${dragging ? 'border-fuchsia-400 bg-fuchsia-500/10' : 'border-white/15 hover:border-white/30'}`}
      >
        <Upload aria-hidden className="h-7 w-7 text-zinc-400" strokeWidth={1.75} />
        <span>
          <Trans>Drop images here or click to upload</Trans>
        </span>
        <span className="text-xs text-zinc-500">
          <Trans>PNG, JPG or WebP, up to 10 MB · {MAX_IMAGES - images.uploads.length} slots left</Trans>
        </span>
      </button>
      <input
        ref={fileInput}
        type="file"
        accept={TYPES.join(',')}
        multiple
        hidden
        data-testid="upload-input"
        onChange={(e) => e.target.files && images.add(e.target.files)}
      />
      {images.uploads.length > 0 && (
        <ul className="mt-3 grid grid-cols-5 gap-2">
          {images.uploads.map((u) => (
            <li key={u.id} className="relative">
              <img src={u.preview} alt={u.name} className="aspect-square w-full rounded-lg object-cover" />
              <button
                type="button"
                aria-label={t`Remove ${u.name}`}
                onClick={() => images.remove(u.id)}
                className="absolute -right-1.5 -top-1.5 grid h-6 w-6 place-items-center rounded-full bg-black/85 ring-1 ring-white/20 hover:bg-rose-600"
              >
                <X aria-hidden className="h-3.5 w-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
