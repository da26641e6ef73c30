import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, Link2, X } from 'lucide-react';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useErrorText } from '../../api/error-text';
import { shareKeys, shareQueries, sharesApi } from '../../api/shares';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast';
import { SwitchTrack } from '../../ui/switch-track';

/**
 * The owner's switch: whether the public page shows the prompt. A native button with role="switch"
 * (Space and Enter toggle it, the label is its text) rather than react-aria's Switch, which brought
 * its toggle and form-validation modules to every page with a share button.
 */
function PromptSwitch({ value, onChange, disabled }: { value: boolean; onChange: (on: boolean) => void; disabled?: boolean }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={value}
      disabled={disabled}
      data-selected={value || undefined}
      data-disabled={disabled || undefined}
      onClick={() => onChange(!value)}
      className="group flex w-full cursor-pointer items-center justify-between gap-3 rounded-xl border border-white/10 bg-ink-800/60 px-3.5 py-3 text-left disabled:cursor-not-allowed"
    >
      <span className="text-sm text-zinc-100">
        <Trans>Show the prompt on the shared page</Trans>
      </span>
      <SwitchTrack />
    </button>
  );
}

/** Copies the text; where the Clipboard API is refused (no permission, plain http), selects it for Ctrl+C. */
async function copyText(text: string, input: HTMLInputElement | null) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    input?.select();
    return false;
  }
}

/**
 * The creation's share link and what changes it: creating (or the prompt switch) and revoking,
 * each moving focus to what replaces the pressed button.
 */
function useShare(recordId: string) {
  const { t } = useLingui();
  const toast = useToast();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const state = useQuery(shareQueries.share(recordId));
  const share = state.data?.share ?? null;
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  // Creating or revoking replaces the pressed button: focus moves to what took its place (the link, or
  // Create link again), so the keyboard stays in the dialog and Escape still closes it.
  const refocus = useRef(false);
  const token = share?.token;
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    // Without a link the view's last button is Create link.
    (token ? input.current : [...(root.current?.querySelectorAll('button') ?? [])].at(-1))?.focus();
  }, [token]);
  const settle = (data: Awaited<ReturnType<typeof sharesApi.share>>) => queryClient.setQueryData(shareKeys.share(recordId), data);
  const save = useMutation({
    mutationFn: (prompt: boolean) => sharesApi.setShare(recordId, prompt),
    onSuccess: (data) => {
      refocus.current = true;
      settle(data);
    },
    onError: (e) => toast.error(errorText(e)),
  });
  const revoke = useMutation({
    mutationFn: () => sharesApi.revoke(recordId),
    onSuccess: () => {
      refocus.current = true;
      settle({ success: true, share: null });
      setCopied(false);
      toast.success(t`Link revoked: it no longer opens`);
    },
    onError: (e) => toast.error(errorText(e)),
  });

  return { errorText, state, share, copied, setCopied, input, root, save, revoke };
}

function ShareBody({ recordId, close }: { recordId: string; close: () => void }) {
  const { errorText, state, share, copied, setCopied, input, root, save, revoke } = useShare(recordId);
  const [includePrompt, setIncludePrompt] = useState(false);

  if (state.isPending)
    return (
      <div className="flex justify-center py-8">
        <Spinner className="h-6 w-6" />
      </div>
    );
  if (state.error) return <p className="py-4 text-sm text-rose-300">{errorText(state.error)}</p>;

  if (!share)
    return (
      <div ref={root} className="flex flex-col gap-4">
        <p className="text-sm text-zinc-400">
          <Trans>
            Anyone with the link sees this image, labelled as AI-generated, without signing in. Nothing else of your account is shown. You
            can revoke the link at any time.
          </Trans>
        </p>
        <PromptSwitch value={includePrompt} onChange={setIncludePrompt} />
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onPress={close}>
            <Trans>Cancel</Trans>
          </Button>
          <Button pending={save.isPending} onPress={() => save.mutate(includePrompt)}>
            <Link2 aria-hidden className="h-4 w-4" />
            <Trans>Create link</Trans>
          </Button>
        </div>
      </div>
    );

  return (
    <div className="flex flex-col gap-4">
      <LinkField url={share.url} input={input} copied={copied} setCopied={setCopied} />
      <PromptSwitch value={share.includePrompt} disabled={save.isPending} onChange={(on) => save.mutate(on)} />
      <p className="text-xs text-zinc-400">
        <Trans>Anyone with the link can see the image without signing in. Revoking makes the link stop working at once.</Trans>
      </p>
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="ghost" className="text-rose-300" pending={revoke.isPending} onPress={() => revoke.mutate()}>
          <Trans>Revoke link</Trans>
        </Button>
        <a
          href={share.url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center rounded-xl border border-white/15 bg-white/5 px-4 py-2.5 text-sm font-semibold hover:bg-white/10"
        >
          <Trans>Open page</Trans>
        </a>
      </div>
    </div>
  );
}

/** The public link, read-only, with a button that copies it. */
function LinkField({
  url,
  input,
  copied,
  setCopied,
}: {
  url: string;
  input: RefObject<HTMLInputElement | null>;
  copied: boolean;
  setCopied: (copied: boolean) => void;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const id = useId();
  return (
    <div className="flex items-end gap-2">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <label htmlFor={id} className="text-sm text-zinc-300">
          <Trans>Public link</Trans>
        </label>
        <input
          id={id}
          ref={input}
          value={url}
          readOnly
          data-testid="share-url"
          onFocus={(e) => e.currentTarget.select()}
          className="w-full rounded-xl border border-white/10 bg-ink-800 px-3 py-2.5 font-mono text-xs text-zinc-100 outline-none"
        />
      </div>
      <Button
        variant="secondary"
        className="shrink-0"
        onPress={() =>
          void copyText(url, input.current).then((ok) => {
            setCopied(ok);
            if (ok) toast.success(t`Link copied`);
            else toast.error(t`Copying is blocked here: the link is selected, press Ctrl+C`);
          })
        }
      >
        {copied ? <Check aria-hidden className="h-4 w-4" /> : <Copy aria-hidden className="h-4 w-4" />}
        {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
      </Button>
    </div>
  );
}

/** Share a creation: a public read-only link with a copy button, the prompt switch and revoke. */
export function ShareDialog({ recordId, onClose }: { recordId: string | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <ModalOverlay
      isOpen={recordId !== null}
      onOpenChange={(open) => !open && onClose()}
      isDismissable
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/70 p-0 sm:items-center sm:p-4"
    >
      <Modal className="w-full max-w-lg">
        {/* Opaque (not the translucent .card): on a phone the sheet covers the image. */}
        <Dialog className="relative rounded-t-2xl border border-white/10 bg-ink-900 p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-2xl outline-none sm:rounded-2xl sm:p-6">
          {({ close }) => (
            <>
              <Heading slot="title" className="mb-4 pr-10 text-lg font-bold">
                <Trans>Share this creation</Trans>
              </Heading>
              <button
                type="button"
                onClick={close}
                aria-label={t`Close`}
                className="absolute right-3 top-3 grid h-10 w-10 place-items-center rounded-full text-zinc-300 hover:bg-white/10"
              >
                <X aria-hidden className="h-5 w-5" />
              </button>
              {recordId && <ShareBody recordId={recordId} close={close} />}
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
