import { Trans } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import type { AccountOverview } from '../../../../worker/contract/account';
import { useErrorText } from '../../api/error-text';
import { ErrorState } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { EmailSection, PasswordSection } from './account-sign-in';
import { accountApi } from '../../api/accounts';
import { DataExportSection, DeleteAccountSection } from './my-data';

/** The personal center's "Account & data" tab (issue 19): password, e-mail, My data export, deletion. */
export function AccountSettings() {
  const errorText = useErrorText();
  const [overview, setOverview] = useState<AccountOverview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    setError(null);
    accountApi
      .overview()
      .then(setOverview)
      .catch((e: unknown) => setError(errorText(e)));
  }, [errorText]);
  useEffect(load, [load]);

  if (error) return <ErrorState message={error} onRetry={load} />;
  if (!overview) return <Spinner label="Loading" />;
  return (
    <div className="flex flex-col gap-6">
      <h2 className="sr-only">
        <Trans>Account and data</Trans>
      </h2>
      <PasswordSection overview={overview} onChanged={load} />
      <EmailSection overview={overview} onChanged={load} />
      <DataExportSection />
      <DeleteAccountSection />
    </div>
  );
}
