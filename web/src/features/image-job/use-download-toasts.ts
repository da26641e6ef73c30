import { useLingui } from '@lingui/react/macro';
import { useToast } from '@web/ui/toast';

/** Follows a download with a toast: started, or failed. */
export function useDownloadToasts() {
  const { t } = useLingui();
  const toast = useToast();
  return (download: Promise<unknown>) =>
    void download.then(
      () => toast.success(t`Download started`),
      () => toast.error(t`Download failed`),
    );
}
