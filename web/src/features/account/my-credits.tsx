import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CreditBalance, CreditTransaction } from '@web/api/types';
import { TRANSACTION_TYPES } from '@worker/contract/transaction-types';
import { useErrorText } from '../../api/error-text';
import { keys, queries } from '../../api/queries';
import { formatCreditsExact, formatDate } from '../../ui/format';
import { ErrorState } from '../../ui/page';
import { useLedgerDescription } from './ledger-text';

const PAGE_SIZE = 10;
const TYPES = ['', ...TRANSACTION_TYPES] as const;
type TypeOption = (typeof TYPES)[number];

function useTypeLabel() {
  const { t } = useLingui();
  // One label per type in the list (contract/transaction-types.ts): a new type fails to compile here until it has one.
  const labels: Record<(typeof TYPES)[number], string> = {
    '': t`All types`,
    EARNED: t`Earned`,
    SPENT: t`Spent`,
    REFUNDED: t`Refunded`,
    new_user: t`Welcome bonus`,
    IMAGE_GENERATION: t`Image generation`,
    IMAGE_EDIT: t`Image editing`,
    IMAGE_UPSCALE: t`Upscale`,
  };
  return (type: string) => (labels as Record<string, string>)[type] ?? type;
}

/** Where a movement came from: a job to the page of the creation it paid for, purchases to orders. */
function CauseLink({ tx }: { tx: CreditTransaction }) {
  if (tx.referenceType === 'IMAGE_GENERATION')
    return tx.referenceId?.startsWith('rec_') ? (
      <Link to="/creation-record" search={{ id: tx.referenceId }} className="text-fuchsia-300 hover:underline" data-testid="view-creation">
        <Trans>View creation</Trans>
      </Link>
    ) : (
      <Link to="/records" className="text-fuchsia-300 hover:underline">
        <Trans>My creations</Trans>
      </Link>
    );
  if (tx.referenceType === 'PURCHASE' || tx.referenceType === 'SUBSCRIPTION')
    return (
      <Link to="/personal-center/$tab" params={{ tab: 'orders' }} className="text-fuchsia-300 hover:underline">
        <Trans>View order</Trans>
      </Link>
    );
  if (tx.referenceType === 'REFERRAL')
    return (
      <Link to="/personal-center/$tab" params={{ tab: 'invites' }} className="text-fuchsia-300 hover:underline">
        <Trans>View invites</Trans>
      </Link>
    );
  return null;
}

/** Every number here explains a balance: exact, never "3K" (a spend of 4 must show). */
function useExact() {
  const { i18n } = useLingui();
  return (n: number) => formatCreditsExact(n, i18n.locale);
}

/** The available balance, what it is made of, and the way to buy more. */
function BalanceCard({ balance }: { balance: CreditBalance | undefined }) {
  const { t } = useLingui();
  const exact = useExact();
  return (
    <div className="card flex flex-col gap-6 p-6 sm:flex-row sm:items-center">
      <div>
        <p className="text-sm text-zinc-400">
          <Trans>Available credits</Trans>
        </p>
        <p className="text-4xl font-black text-gradient">{balance ? exact(balance.available) : '…'}</p>
      </div>
      <dl className="grid flex-1 grid-cols-3 gap-3 text-sm">
        {[
          [t`Free`, balance?.free],
          [t`Packs`, balance?.paid],
          [t`Subscription`, balance?.subscription],
        ].map(([label, value]) => (
          <div key={label as string} className="rounded-xl bg-white/5 p-3">
            <dt className="text-zinc-400">{label}</dt>
            <dd className="text-lg font-semibold">{value === undefined ? '…' : exact(value as number)}</dd>
          </div>
        ))}
      </dl>
      <Link
        to="/pricing"
        className="rounded-xl bg-gradient-to-r from-violet-500 to-fuchsia-500 px-5 py-2.5 text-center text-sm font-semibold"
      >
        <Trans>Recharge</Trans>
      </Link>
    </div>
  );
}

/** The credit history's type filter. */
function TypeFilter({ value, onChange }: { value: TypeOption; onChange: (value: TypeOption) => void }) {
  const typeLabel = useTypeLabel();
  return (
    <label className="flex items-center gap-2 text-sm text-zinc-400">
      <Trans>Type</Trans>
      <select
        value={value}
        onChange={(e) => onChange(TYPES.find((option) => option === e.target.value) ?? '')}
        className="rounded-lg border border-white/10 bg-ink-900 px-2 py-1.5 text-zinc-100"
      >
        {TYPES.map((option) => (
          <option key={option} value={option}>
            {typeLabel(option)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** One movement: its amount, type and cause, and the balance after it. */
function TransactionRow({ tx }: { tx: CreditTransaction }) {
  const exact = useExact();
  const typeLabel = useTypeLabel();
  const describe = useLedgerDescription();
  const description = describe(tx);
  const after = exact(tx.credits);
  return (
    <li className="flex items-start gap-3 px-4 py-3 text-sm sm:items-center sm:gap-4">
      <span className={`w-14 shrink-0 font-semibold tabular-nums ${tx.amount > 0 ? 'text-emerald-300' : 'text-rose-300'}`}>
        {tx.amount > 0 ? '+' : ''}
        {exact(tx.amount)}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium">{typeLabel(tx.type)}</span>
        {description && <span className="block text-zinc-400">{description}</span>}
        <span className="block sm:hidden">
          <CauseLink tx={tx} />
        </span>
      </span>
      <span className="hidden sm:inline">
        <CauseLink tx={tx} />
      </span>
      <span className="shrink-0 text-right text-xs text-zinc-400 sm:text-sm">
        <span className="block">
          <Trans>Balance {after}</Trans>
        </span>
        <time className="block" dateTime={tx.createdAt}>
          {formatDate(tx.createdAt)}
        </time>
      </span>
    </li>
  );
}

export function MyCredits() {
  const { t } = useLingui();
  const errorText = useErrorText();
  const [page, setPage] = useState(0);
  const [type, setType] = useState<TypeOption>('');
  const queryClient = useQueryClient();
  const balanceQuery = useQuery(queries.balance());
  // Page and type are in the key: changing either cancels the old request, whose answer can never show.
  const list = useQuery(queries.transactions(page, PAGE_SIZE, type));
  const balance = balanceQuery.data;
  const rows = list.data?.items ?? [];
  const totalPages = list.data?.totalPages ?? 0;
  const loading = list.isPending;
  const failed = balanceQuery.error ?? list.error;
  const error = failed ? errorText(failed) : undefined;
  const load = () => queryClient.invalidateQueries({ queryKey: keys.credits });

  if (error) return <ErrorState message={t`Failed to load data: ${error}`} onRetry={() => void load()} />;
  return (
    <div className="flex flex-col gap-6">
      <BalanceCard balance={balance} />

      <div className="card overflow-hidden">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-white/5 p-4">
          <h2 className="font-semibold">
            <Trans>Credit history</Trans>
          </h2>
          <TypeFilter
            value={type}
            onChange={(value) => {
              setType(value);
              setPage(0);
            }}
          />
        </div>
        {loading ? (
          <div className="space-y-2 p-4">
            {Array.from({ length: 4 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical loading placeholders; they never reorder.
              <div key={i} className="skeleton h-10 rounded-lg" />
            ))}
          </div>
        ) : rows.length === 0 ? (
          <p className="p-10 text-center text-zinc-400">
            <Trans>No credit movements yet.</Trans>
          </p>
        ) : (
          <ul className="divide-y divide-white/5">
            {rows.map((tx) => (
              <TransactionRow key={tx.id} tx={tx} />
            ))}
          </ul>
        )}
        {totalPages > 1 && (
          <div className="flex items-center justify-center gap-3 border-t border-white/5 p-3 text-sm">
            <button
              type="button"
              disabled={page === 0}
              onClick={() => setPage((p) => p - 1)}
              className="rounded-lg px-3 py-1.5 hover:bg-white/5 disabled:opacity-40"
            >
              <Trans>Previous</Trans>
            </button>
            <span className="text-zinc-400">
              {page + 1} / {totalPages}
            </span>
            <button
              type="button"
              disabled={page + 1 >= totalPages}
              onClick={() => setPage((p) => p + 1)}
              className="rounded-lg px-3 py-1.5 hover:bg-white/5 disabled:opacity-40"
            >
              <Trans>Next</Trans>
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
