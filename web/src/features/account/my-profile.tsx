import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent } from 'react';
import type { UserProfile } from '@web/api/types';
import { username } from '@worker/contract/auth-rules';
import { accountsApi } from '../../api/accounts';
import { keys } from '../../api/queries';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../api/error-text';
import { api } from '../../api/endpoints';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { formatDate } from '../../ui/format';
import { ErrorState } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast';
import { useSession } from '../auth/session';
import { useValidationText } from '../auth/validation-text';
import { AvatarCard } from './avatar-card';

/** Spec §8 profile fetch: 401, 403, 404, 500 and network each say what happened; all offer Retry. */
function useProfileFetchErrorText() {
  const { t } = useLingui();
  const errorText = useErrorText();
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return t`Failed to load your profile, please try again`;
    if (error.status === 401) return t`Your session has expired, please sign in again`;
    if (error.status === 403) return t`You do not have permission to view this profile`;
    if (error.status === 404) return t`Profile not found`;
    if (error.status >= 500) return t`Server error, please try again later`;
    if (error.code === 'NETWORK_ERROR') return t`Network error, please check your connection and try again`;
    return errorText(error);
  };
}

function ProfileForm({ user }: { user: UserProfile }) {
  const { setUser } = useSession();
  const { t } = useLingui();
  const toast = useToast();
  const errorText = useErrorText();
  const translate = useValidationText();
  const [name, setName] = useState(user.name);
  const [error, setError] = useState<string>();
  const update = useMutation({
    mutationFn: (newName: string) => api.updateMe(newName),
    onSuccess: (updated) => {
      setUser(updated);
      setName(updated.name);
      toast.success(t`Profile updated`);
    },
    onError: (e) => setError(errorText(e)),
  });

  function save(event: FormEvent) {
    event.preventDefault();
    const parsed = username.safeParse(name);
    if (!parsed.success) return setError(translate(parsed.error.issues[0]!.message));
    if (parsed.data === user.name) return setError(t`No changes detected`);
    setError(undefined);
    update.mutate(parsed.data);
  }

  const provider = { google: 'Google', email: t`E-mail code`, password: t`Password` }[user.authProvider] ?? user.authProvider;
  return (
    <form onSubmit={save} className="card flex flex-col gap-4 p-6" noValidate>
      <Field label={t`Username`} value={name} onChange={setName} error={error} autoComplete="nickname" inputProps={{ maxLength: 50 }} />
      <div className="flex flex-col gap-1.5">
        <Field
          label={t`E-mail`}
          value={user.email}
          isReadOnly
          description={
            user.emailVerified
              ? t`You can change your e-mail under Account & data.`
              : t`Not verified yet: enter the code we e-mailed you in the banner at the top of the page.`
          }
        />
        {/* The address is changed with a code to the new mailbox, on the Account & data tab. */}
        {user.emailVerified && (
          <Link
            to="/personal-center/$tab"
            params={{ tab: 'account' }}
            data-testid="change-email-link"
            className="self-start text-xs font-semibold text-fuchsia-300 hover:underline"
          >
            <Trans>Change e-mail</Trans> <span aria-hidden>→</span>
          </Link>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-zinc-500">
            <Trans>Signed in with</Trans>
          </dt>
          <dd>{provider}</dd>
        </div>
        <div>
          <dt className="text-zinc-500">
            <Trans>Member since</Trans>
          </dt>
          <dd>{formatDate(user.createdAt)}</dd>
        </div>
      </dl>
      <Button type="submit" pending={update.isPending} className="self-start">
        <Trans>Save</Trans>
      </Button>
    </form>
  );
}

/** Personal center → My profile: loaded fresh from GET /users/me (spec §2, §7, §8). */
export function MyProfile() {
  const { t } = useLingui();
  const { user, setUser } = useSession();
  const fetchErrorText = useProfileFetchErrorText();
  // The session hands out a new setUser whenever the user changes; the query must not depend on it.
  const latest = useRef(setUser);
  latest.current = setUser;
  // Loaded fresh on every visit (gcTime 0), and handed to the session so the header agrees.
  const me = useQuery({
    queryKey: keys.me,
    queryFn: async ({ signal }) => {
      const profile = await accountsApi.me(signal);
      latest.current(profile);
      return profile;
    },
    gcTime: 0,
  });
  const state: 'loading' | 'ready' | { error: string } =
    me.isPending || (me.isError && me.isFetching) ? 'loading' : me.isError ? { error: fetchErrorText(me.error) } : 'ready';

  if (!user) return null;
  if (typeof state === 'object') return <ErrorState message={state.error} onRetry={() => void me.refetch()} />;
  if (state === 'loading') {
    return (
      <div className="card flex justify-center p-16">
        <Spinner className="h-8 w-8" label={t`Loading your profile`} />
      </div>
    );
  }
  return (
    <div className="grid gap-6 md:grid-cols-[240px_1fr]">
      <AvatarCard user={user} />
      <ProfileForm key={user.id} user={user} />
    </div>
  );
}
