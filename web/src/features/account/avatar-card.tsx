import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { UserProfile } from '@web/api/types';
import { AVATAR } from '@worker/contract/auth-rules';
import { accountsApi } from '../../api/accounts';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../api/error-text';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast';
import { useSession } from '../auth/session';

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
    return errorText(error);
  };
}

/** The avatar upload: checks the file, shows it while it uploads, and can be cancelled (leaving the page cancels it too). */
function useAvatarUpload(user: UserProfile) {
  const { t } = useLingui();
  const toast = useToast();
  const { setUser } = useSession();
  const avatarErrorText = useAvatarErrorText();
  const upload = useRef<AbortController | null>(null);
  const [preview, setPreview] = useState<string>();
  const [error, setError] = useState<string>();

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

  return { preview, error, send, cancel: () => upload.current?.abort() };
}

/** The avatar itself: a mouse shortcut to choose a new one, dimmed with a spinner while it uploads. */
function AvatarPicture({
  shown,
  uploading,
  onBroken,
  onChoose,
}: {
  shown: string;
  uploading: boolean;
  onBroken: () => void;
  onChoose: () => void;
}) {
  const { t } = useLingui();
  return (
    <div className="relative">
      {/* The picture is a mouse shortcut; the "Change avatar" button below is the keyboard control. */}
      <button type="button" tabIndex={-1} aria-hidden disabled={uploading} onClick={onChoose} className="group relative block rounded-full">
        <img
          src={shown}
          alt=""
          data-testid="profile-avatar"
          onError={onBroken}
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
  );
}

/** Profile → the avatar card: the picture, the account's name and e-mail, and the upload control. */
export function AvatarCard({ user }: { user: UserProfile }) {
  const { preview, error, send, cancel } = useAvatarUpload(user);
  const input = useRef<HTMLInputElement>(null);
  // The URL whose <img> failed to load, so a new avatar URL is tried again without an effect to reset a flag.
  const [brokenUrl, setBrokenUrl] = useState<string>();

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
      <AvatarPicture shown={shown} uploading={uploading} onBroken={() => setBrokenUrl(shown)} onChoose={() => input.current?.click()} />
      <div className="min-w-0 max-w-full">
        <p className="truncate font-semibold">{user.name}</p>
        <p className="truncate text-xs text-zinc-400" title={user.email}>
          {user.email}
        </p>
      </div>
      {uploading ? (
        <Button variant="secondary" className="w-full" onPress={cancel}>
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
