import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useErrorText } from '../../api/error-text';
import { ErrorState } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { EmailSection } from './account-email';
import { PasswordSection } from './account-sign-in';
import { queries } from '../../api/queries';
import { DataExportSection, DeleteAccountSection } from './my-data';

/** The personal center's "Account & data" tab: password, e-mail, My data export, deletion. */
export function AccountSettings() {
  const errorText = useErrorText();
  const account = useQuery(queries.account());
  const overview = account.data ?? null;
  const error = account.isError && !account.isFetching ? errorText(account.error) : null;
  const load = () => void account.refetch();

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
