import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { X } from 'lucide-react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { CreationRecord } from '@web/api/endpoints';
import { Button } from '@web/ui/button';
import { formatDate } from '@web/ui/format';
import { useCreationActions } from './creation-actions';
import { creationTypeLabel } from './creation-type-labels';
import { useJobFailureText } from './failure-text';

export type Filter = '' | 'COMPLETED' | 'PROCESSING' | 'UPSCALED';

function StatusBadge({ status }: { status: CreationRecord['status'] }) {
  const styles = {
    COMPLETED: 'bg-emerald-500/15 text-emerald-300',
    PROCESSING: 'bg-amber-500/15 text-amber-200',
    FAILED: 'bg-rose-500/15 text-rose-300',
  };
  return (
    <span className={`rounded-full px-2 py-0.5 text-[11px] font-semibold ${styles[status]}`}>
      {status === 'COMPLETED' ? <Trans>Completed</Trans> : status === 'PROCESSING' ? <Trans>Processing</Trans> : <Trans>Failed</Trans>}
    </span>
  );
}

/** The status tabs (Upscaled filters by kind). */
export function FilterTabs({ filter, onChange }: { filter: Filter; onChange: (filter: Filter) => void }) {
  const { t } = useLingui();
  return (
    <div
      role="tablist"
      aria-label={t`Filter`}
      className="flex max-w-full gap-1 overflow-x-auto rounded-xl border border-white/10 bg-ink-900/60 p-1"
    >
      {(
        [
          ['', <Trans key="a">All</Trans>],
          ['COMPLETED', <Trans key="c">Completed</Trans>],
          ['PROCESSING', <Trans key="p">Processing</Trans>],
          ['UPSCALED', <Trans key="u">Upscaled</Trans>],
        ] as const
      ).map(([value, label]) => (
        <button
          key={value}
          role="tab"
          type="button"
          aria-selected={filter === value}
          onClick={() => onChange(value)}
          className={`shrink-0 rounded-lg px-3 py-1.5 text-sm sm:px-4 ${filter === value ? 'bg-white/10' : 'text-zinc-400 hover:text-white'}`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** Nothing to show: no match for the search, or nothing made yet (with the way to make something). */
export function CreationsEmpty({ searching, filter }: { searching: boolean; filter: Filter }) {
  return (
    <div className="card p-12 text-center">
      <p className="text-zinc-400">
        {searching ? (
          <Trans>No creation matches this search.</Trans>
        ) : filter === 'UPSCALED' ? (
          <Trans>No upscaled images yet.</Trans>
        ) : (
          <Trans>Nothing here yet.</Trans>
        )}
      </p>
      {!searching && (
        <Link
          to={filter === 'UPSCALED' ? '/image-upscaler' : '/ai-workbench'}
          className="mt-4 inline-block rounded-xl bg-gradient-to-r from-violet-500 to-fuchsia-500 px-5 py-2.5 text-sm font-semibold"
        >
          {filter === 'UPSCALED' ? <Trans>Upscale an image</Trans> : <Trans>Start creating</Trans>}
        </Link>
      )}
    </div>
  );
}

/** What a card's link says: the prompt, the upscale's factor and size, or the tool's name. */
function useCardTitle() {
  const { t, i18n } = useLingui();
  // The tool's own name in the page's language; a type this build does not know keeps the server's word.
  const typeLabel = (r: CreationRecord) => {
    const label = creationTypeLabel(r.type);
    return label ? i18n._(label) : r.type.replace(/_/g, ' ').toLowerCase();
  };
  const upscaleLabel = (r: CreationRecord) => {
    const factor = r.style?.replace(/x$/i, '') ?? '';
    return r.width && r.height ? t`Upscaled ${factor}× · ${r.width} × ${r.height} px` : t`Upscaled ${factor}×`;
  };
  return { typeLabel, upscaleLabel };
}

/** One creation: its image (or why it failed), status, date, title, and its actions. */
export function CreationCard({
  r,
  onView,
  onShare,
  onDelete,
}: {
  r: CreationRecord;
  onView: () => void;
  onShare: () => void;
  onDelete: () => void;
}) {
  const failureText = useJobFailureText();
  const actions = useCreationActions();
  const { typeLabel, upscaleLabel } = useCardTitle();
  const showPrompt = r.type === 'TEXT_TO_IMAGE' || r.type === 'IMAGE_TO_IMAGE';
  const canView = r.status !== 'FAILED' && Boolean(r.imageUrl);
  const canDownload = r.status === 'COMPLETED' && Boolean(r.imageUrl);
  return (
    <li key={r.id} className="card overflow-hidden">
      <div className="flex aspect-square items-center justify-center bg-ink-800">
        {r.thumbnail ? (
          <img src={r.thumbnail} alt="" loading="lazy" className="h-full w-full object-cover" />
        ) : r.status === 'PROCESSING' ? (
          <span className="text-sm text-zinc-500">
            <Trans>Generating…</Trans>
          </span>
        ) : (
          <span className="flex flex-col items-center gap-1.5 px-4 text-center" data-testid="creation-failure">
            <span className="text-sm text-rose-300">{failureText(r.failureCode, r.errorMessage)}</span>
            {/* A failed record's job was charged when it started and refunded when it failed
                (worker/jobs/pipeline.ts), as the workbench's failure note says. */}
            {r.credits > 0 && (
              <span className="text-xs text-zinc-400">
                <Trans>No credits were used: they are back in your balance.</Trans>
              </span>
            )}
          </span>
        )}
      </div>
      <div className="flex flex-col gap-2 p-3">
        <div className="flex items-center justify-between">
          <StatusBadge status={r.status} />
          <time className="text-xs text-zinc-500">{formatDate(r.date)}</time>
        </div>
        <Link
          to="/creation-record"
          search={{ id: r.id }}
          className="line-clamp-2 min-h-10 text-sm text-zinc-300 hover:text-white hover:underline"
          data-testid="creation-link"
        >
          {showPrompt ? r.prompt : r.type === 'UPSCALED_IMAGE' ? upscaleLabel(r) : <span data-testid="creation-type">{typeLabel(r)}</span>}
        </Link>
        <div className="flex flex-wrap gap-1.5">
          <Button variant="secondary" className="px-2.5 py-1 text-xs" isDisabled={!canView} onPress={onView}>
            <Trans>View</Trans>
          </Button>
          <Button variant="secondary" className="px-2.5 py-1 text-xs" isDisabled={!canDownload} onPress={() => actions.download(r)}>
            <Trans>Download</Trans>
          </Button>
          <Button variant="secondary" className="px-2.5 py-1 text-xs" isDisabled={!canDownload} onPress={() => actions.reEdit(r)}>
            <Trans>Re-edit</Trans>
          </Button>
          <Button variant="secondary" className="px-2.5 py-1 text-xs" isDisabled={!canDownload} onPress={() => actions.upscale(r)}>
            <Trans>Upscale</Trans>
          </Button>
          <Button variant="secondary" className="px-2.5 py-1 text-xs" isDisabled={!canDownload} onPress={onShare}>
            <Trans>Share</Trans>
          </Button>
          <Button variant="ghost" className="px-2.5 py-1 text-xs text-rose-300" isDisabled={r.status === 'PROCESSING'} onPress={onDelete}>
            <Trans>Delete</Trans>
          </Button>
        </div>
      </div>
    </li>
  );
}

/** The creation's image full size, with Close. */
export function ViewDialog({ viewing, onClose }: { viewing: CreationRecord | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <ModalOverlay
      isOpen={viewing !== null}
      onOpenChange={(o) => !o && onClose()}
      isDismissable
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/80 p-4"
    >
      <Modal className="max-h-full max-w-4xl">
        <Dialog aria-label={t`Preview`} className="relative outline-none">
          {({ close }) => (
            <>
              {viewing?.imageUrl && <img src={viewing.imageUrl} alt={viewing.prompt ?? ''} className="max-h-[85vh] rounded-2xl" />}
              <button
                type="button"
                onClick={close}
                aria-label={t`Close preview`}
                // biome-ignore lint/a11y/noAutofocus: a modal dialog moves focus inside on open, and Close is its only control.
                autoFocus
                className="absolute right-3 top-3 grid h-10 w-10 place-items-center rounded-full bg-black/70 text-white ring-1 ring-white/20 backdrop-blur hover:bg-black/90"
              >
                <X aria-hidden className="h-5 w-5" />
              </button>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** Asks before a creation is deleted. */
export function DeleteDialog({
  deleting,
  onClose,
  onConfirm,
}: {
  deleting: CreationRecord | null;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <ModalOverlay
      isOpen={deleting !== null}
      onOpenChange={(o) => !o && onClose()}
      isDismissable
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/70 p-4"
    >
      <Modal className="w-full max-w-sm">
        <Dialog className="card bg-ink-900 p-6 outline-none">
          <Heading slot="title" className="text-lg font-bold">
            <Trans>Delete this creation?</Trans>
          </Heading>
          <p className="mt-2 text-sm text-zinc-400">
            <Trans>The image will be removed. This cannot be undone.</Trans>
          </p>
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="ghost" onPress={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button variant="danger" onPress={onConfirm}>
              <Trans>Delete</Trans>
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
