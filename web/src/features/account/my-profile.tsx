import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { UserProfile } from '@worker/contract/auth';
import { AVATAR, username } from '@worker/contract/auth-rules';
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

/** Spec §5: the extension must match the type (a .png that says it is a JPEG is refused before upload). */
const TYPE_BY_EXTENSION: Record<(typeof AVATAR.extensions)[number], (typeof AVATAR.types)[number]> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};
const ACCEPT = [...AVATAR.types, ...AVATAR.extensions.map((e) => `.${e}`)].join(',');

function avatarFileProblem(file: File): 'type' | 'size' | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const expected = TYPE_BY_EXTENSION[extension as keyof typeof TYPE_BY_EXTENSION];
  // Some systems report no type at all; then the extension decides and the server checks the bytes.
  if (!expected || (file.type && file.type !== expected) || file.size === 0) return 'type';
  if (file.size > AVATAR.maxBytes) return 'size';
  return null;
}

/** Spec §8 avatar errors. */
function useAvatarErrorText() {
  const { t } = useLingui();
  const errorText = useErrorText();
  return (error: unknown): string => {
    if (error instanceof DOMException && error.name === 'TimeoutError') return t`The upload took too long (30 s), please try again`;
    if (!(error instanceof ApiError)) return t`Upload failed, please try again`;
    if (error.status === 413) return t`File size cannot exceed 5MB`;
    if (error.status === 415) return t`Please select a valid image file (JPG, PNG, GIF, WebP)`;
    if (error.code === 'NETWORK_ERROR') return t`Network connection failed, please check your network and try again`;
    if (error.status >= 500) return t`Server error, please try again later`;
    if (error.code === 'RATE_LIMITED' || error.code === 'UNAUTHENTICATED') return errorText(error);
    return error.message || t`Upload failed, please try again`;
  };
}

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

function AvatarCard({ user }: { user: UserProfile }) {
  const { t } = useLingui();
  const toast = useToast();
  const { setUser } = useSession();
  const avatarErrorText = useAvatarErrorText();
  const input = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController | null>(null);
  const [preview, setPreview] = useState<string>();
  const [error, setError] = useState<string>();
  // The URL whose <img> failed to load, so a new avatar URL is tried again without an effect to reset a flag.
  const [brokenUrl, setBrokenUrl] = useState<string>();

  // Leaving the page cancels an upload still in flight.
  useEffect(() => () => upload.current?.abort(), []);

  async function send(file: File) {
    const problem = avatarFileProblem(file);
    if (problem) {
      setError(problem === 'size' ? t`File size cannot exceed 5MB` : t`Please select a valid image file (JPG, PNG, GIF, WebP)`);
      return;
    }
    setError(undefined);
    const objectUrl = URL.createObjectURL(file);
    setPreview(objectUrl);
    const controller = new AbortController();
    upload.current = controller;
    try {
      const result = await accountsApi.uploadAvatar(file, AVATAR.uploadTimeoutMs, controller.signal);
      setUser(result.user ?? { ...user, avatar: result.avatar });
      toast.success(t`Avatar updated`);
    } catch (e) {
      if (controller.signal.aborted) toast.info(t`Avatar upload cancelled`);
      else setError(avatarErrorText(e));
    } finally {
      upload.current = null;
      setPreview(undefined);
      URL.revokeObjectURL(objectUrl);
    }
  }

  const uploading = Boolean(preview);
  const shown = preview ?? (user.avatar && user.avatar !== brokenUrl ? user.avatar : '/avatar-default.svg');
  return (
    <div className="card flex flex-col items-center gap-3 p-6 text-center">
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        className="hidden"
        data-testid="avatar-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ''; // choosing the same file again must fire again
          if (file) void send(file);
        }}
      />
      <div className="relative">
        {/* The picture is a mouse shortcut; the "Change avatar" button below is the keyboard control. */}
        <button
          type="button"
          tabIndex={-1}
          aria-hidden
          disabled={uploading}
          onClick={() => input.current?.click()}
          className="group relative block rounded-full"
        >
          <img
            src={shown}
            alt=""
            data-testid="profile-avatar"
            onError={() => setBrokenUrl(shown)}
            className={`h-28 w-28 rounded-full object-cover ring-2 ring-violet-400/40 transition ${uploading ? 'opacity-50' : 'group-hover:brightness-75'}`}
          />
          {!uploading && (
            <span className="absolute bottom-1 right-1 flex h-8 w-8 items-center justify-center rounded-full bg-gradient-to-br from-violet-500 to-fuchsia-500 text-white shadow-lg ring-2 ring-ink-900">
              <svg
                aria-hidden
                viewBox="0 0 24 24"
                className="h-4 w-4"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
                <circle cx="12" cy="13" r="3.5" />
              </svg>
            </span>
          )}
        </button>
        {uploading && (
          <span className="absolute inset-0 flex items-center justify-center">
            <Spinner className="h-8 w-8" label={t`Uploading avatar`} />
          </span>
        )}
      </div>
      <div className="min-w-0 max-w-full">
        <p className="truncate font-semibold">{user.name}</p>
        <p className="truncate text-xs text-zinc-400" title={user.email}>
          {user.email}
        </p>
      </div>
      {uploading ? (
        <Button variant="secondary" className="w-full" onPress={() => upload.current?.abort()}>
          <Trans>Cancel upload</Trans>
        </Button>
      ) : (
        <Button variant="secondary" className="w-full" onPress={() => input.current?.click()}>
          <Trans>Change avatar</Trans>
        </Button>
      )}
      <p className="text-xs text-zinc-500">
        <Trans>JPG, PNG, GIF or WebP, up to 5 MB</Trans>
      </p>
      {error && (
        <p role="alert" className="text-xs text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}

function ProfileForm({ user }: { user: UserProfile }) {
  const { setUser } = useSession();
  const { t } = useLingui();
  const toast = useToast();
  const errorText = useErrorText();
  const translate = useValidationText();
  const [name, setName] = useState(user.name);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = username.safeParse(name);
    if (!parsed.success) return setError(translate(parsed.error.issues[0]!.message));
    if (parsed.data === user.name) return setError(t`No changes detected`);
    setError(undefined);
    setPending(true);
    try {
      const updated = await api.updateMe(parsed.data);
      setUser(updated);
      setName(updated.name);
      toast.success(t`Profile updated`);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setPending(false);
    }
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
      <Button type="submit" pending={pending} className="self-start">
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
