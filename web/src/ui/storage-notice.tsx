import { Trans } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { onStorageBlocked, storageBlocked } from '../lib/safe-storage';

/** Shown once the browser refused storage (web/src/lib/safe-storage.ts): the app still works, for this tab. */
export function StorageNotice() {
  const blocked = useSyncExternalStore(onStorageBlocked, storageBlocked, () => false);
  if (!blocked) return null;
  return (
    <p
      role="status"
      data-testid="storage-notice"
      className="border-b border-amber-400/20 bg-amber-400/10 px-4 py-2 text-center text-sm text-amber-100"
    >
      <Trans>Your browser blocks storage: you will be signed out when you close this tab.</Trans>
    </p>
  );
}
