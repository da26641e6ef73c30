import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import type { CreationRecord } from '../../api/endpoints';
import { downloadName } from '../../lib/download-name';
import { downloadImage } from '../../ui/download';
import { useToast } from '../../ui/toast';

/**
 * Saves a creation under its type, the end of its id and its day (`text-to-image-4k9x2m-2026-12-06.png`),
 * so two downloads of one day never share a name. `batch`: the image's place (1, 2, …) in a run of
 * several, said after the type (`text-to-image-2-4k9x2m-2026-12-06.png`).
 */
export const creationFileName = (r: Pick<CreationRecord, 'id' | 'type' | 'createdAt'>, batch?: number) =>
  downloadName([r.type, batch, r.id.slice(-6)].filter((part) => part !== undefined).join('-'), { date: new Date(r.createdAt) });

/**
 * What a finished creation offers wherever it is shown (My creations, its own page): download the
 * image, edit it again in the workbench with its words, or upscale it. Re-edit and Upscale pass the
 * creation's id along, so the new creation records where it came from.
 */
export function useCreationActions() {
  const { t } = useLingui();
  const toast = useToast();
  const navigate = useNavigate();
  return {
    download: (r: CreationRecord) => void downloadImage(r.imageUrl!, creationFileName(r)).catch(() => toast.error(t`Download failed`)),
    reEdit: (r: CreationRecord) =>
      void navigate({
        to: '/ai-workbench',
        search: { mode: 'image-to-image', imageUrls: r.imageUrl ?? undefined, prompt: r.userWords || undefined, sourceRecordId: r.id },
      }),
    upscale: (r: CreationRecord) =>
      void navigate({ to: '/image-upscaler', search: { imageUrl: r.imageUrl ?? undefined, sourceRecordId: r.id } }),
  };
}
