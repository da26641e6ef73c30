import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Dispatch, type SetStateAction, useState } from 'react';
import type { ReferredUser } from '../../api/endpoints';
import { useErrorText } from '../../api/error-text';
import { keys, queries } from '../../api/queries';
import { Button } from '../../ui/button';
import { formatCreditsExact, formatDate } from '../../ui/format';
import { ErrorState } from '../../ui/page';
import type { components } from '../../api/schema.gen';

export function MyInvites() {
  const { t } = useLingui();
  const errorText = useErrorText();
  const [page, setPage] = useState(0);
  const queryClient = useQueryClient();
  const linkQuery = useQuery(queries.referralLink());
  const statsQuery = useQuery(queries.referralStats());
  const usersQuery = useQuery(queries.referredUsers(page));
  const link = linkQuery.data;
  // Spec: 'NOT SET' when the answer has no code; while it loads, nothing is known yet.
  const code = link ? (link.referralCode ?? 'NOT SET') : '…';
  const stats = statsQuery.data;
  const users = usersQuery.data?.items ?? [];
  const totalPages = usersQuery.data?.totalPages ?? 0;
  const failed = linkQuery.error ?? statsQuery.error ?? usersQuery.error;
  const error = failed ? errorText(failed) : undefined;
  const load = () => queryClient.invalidateQueries({ queryKey: keys.referral });

  if (error) return <ErrorState message={t`Failed to load data: ${error}`} onRetry={() => void load()} />;
  return (
    <div className="flex flex-col gap-6">
      <InviteLinkCard link={link} code={code} />
      <ReferralStatsGrid stats={stats} />
      <InvitedFriends users={users} page={page} totalPages={totalPages} setPage={setPage} />
    </div>
  );
}

type ReferralLink = components['schemas']['ReferralLink'];
type ReferralStats = components['schemas']['ReferralStats'];

/** The invitation link with a copy button, and the code it carries. */
function InviteLinkCard({ link, code }: { link: ReferralLink | undefined; code: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);

  async function copy() {
    if (!link) return;
    await navigator.clipboard?.writeText(link.link).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  }

  return (
    <div className="card p-6">
      <h2 className="font-semibold">
        <Trans>Invite friends, earn credits</Trans>
      </h2>
      <p className="mt-1 text-sm text-zinc-400">
        <Trans>You get 50 credits for every friend who signs up with your link, and a bonus when they buy.</Trans>
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <input
          readOnly
          aria-label={t`Your invitation link`}
          value={link?.link ?? '…'}
          className="flex-1 rounded-xl border border-white/10 bg-ink-900 px-3.5 py-2.5 text-sm"
          data-testid="referral-link"
        />
        <Button onPress={() => void copy()}>{copied ? <Trans>Copied!</Trans> : <Trans>Copy link</Trans>}</Button>
      </div>
      <p className="mt-2 text-xs text-zinc-500">
        <Trans>Your code: {code}</Trans>
      </p>
    </div>
  );
}

/** Four counters: friends invited and the credits earned from them. */
function ReferralStatsGrid({ stats }: { stats: ReferralStats | undefined }) {
  const { t, i18n } = useLingui();
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {[
        [t`Friends invited`, stats?.totalReferrals],
        [t`Sign-up rewards`, stats?.registrationRewards],
        [t`Purchase rewards`, stats?.totalPurchaseRewards],
        [t`Total earned`, stats?.rewardBalance],
      ].map(([label, value]) => (
        <div key={label as string} className="card p-4">
          <dt className="text-xs text-zinc-400">{label}</dt>
          <dd className="mt-1 text-2xl font-bold">{value === undefined ? '…' : formatCreditsExact(value as number, i18n.locale)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The paged list of friends who signed up with the link. */
function InvitedFriends({
  users,
  page,
  totalPages,
  setPage,
}: {
  users: ReferredUser[];
  page: number;
  totalPages: number;
  setPage: Dispatch<SetStateAction<number>>;
}) {
  return (
    <div className="card overflow-hidden">
      <h2 className="border-b border-white/5 p-4 font-semibold">
        <Trans>Invited friends</Trans>
      </h2>
      {users.length === 0 ? (
        <p className="p-10 text-center text-zinc-400">
          <Trans>No friends invited yet — share your link!</Trans>
        </p>
      ) : (
        <ul className="divide-y divide-white/5" data-testid="referred-users">
          {users.map((u) => (
            <li key={u.id} className="flex flex-wrap items-center gap-4 px-4 py-3 text-sm">
              <span className="flex-1 font-medium">{u.invitedUser}</span>
              <span
                className={`rounded-full px-2 py-0.5 text-xs ${u.status === 'completed' ? 'bg-emerald-500/15 text-emerald-300' : 'bg-amber-500/15 text-amber-200'}`}
              >
                {u.status === 'completed' ? <Trans>Completed</Trans> : <Trans>Pending</Trans>}
              </span>
              <span className="text-emerald-300">+{u.rewardAmount}</span>
              <time className="text-zinc-500">{formatDate(u.invitationTime)}</time>
            </li>
          ))}
        </ul>
      )}
      {totalPages > 1 && (
        <div className="flex justify-center gap-3 border-t border-white/5 p-3 text-sm">
          <button type="button" disabled={page === 0} onClick={() => setPage((p) => p - 1)} className="disabled:opacity-40">
            <Trans>Previous</Trans>
          </button>
          <button type="button" disabled={page + 1 >= totalPages} onClick={() => setPage((p) => p + 1)} className="disabled:opacity-40">
            <Trans>Next</Trans>
          </button>
        </div>
      )}
    </div>
  );
}
