import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import type { CreationRecord } from '../../api/endpoints';
import { downloadImage } from '../../ui/download';
import { useToast } from '../../ui/toast';

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
    download: (r: CreationRecord) => void downloadImage(r.imageUrl!).catch(() => toast.error(t`Download failed`)),
    reEdit: (r: CreationRecord) =>
      void navigate({
        to: '/ai-workbench',
        search: { mode: 'image-to-image', imageUrls: r.imageUrl ?? undefined, prompt: r.userWords || undefined, sourceRecordId: r.id },
      }),
    upscale: (r: CreationRecord) =>
      void navigate({ to: '/image-upscaler', search: { imageUrl: r.imageUrl ?? undefined, sourceRecordId: r.id } }),
  };
}
