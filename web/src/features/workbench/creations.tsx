import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { X } from 'lucide-react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useErrorText } from '../../api/error-text';
import { ShareDialog } from '../sharing/share-dialog';
import { api, type CreationRecord } from '../../api/endpoints';
import { invalidateCredits, keys, queries } from '../../api/queries';
import { RequireSignIn } from '../auth/signed-in-redirect';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { formatDate } from '../../ui/format';
import { ErrorState, Page } from '../../ui/page';
import { useToast } from '../../ui/toast';
import { RECORD_SEARCH_MAX } from '@worker/contract/sizes';
import { useCreationActions } from './creation-actions';
import { creationTypeLabel } from './creation-type-labels';
import { dayRange } from './day-range';
import { useJobFailureText } from './failure-text';

const PAGE_SIZE = 100;
/** Typing settles before a search is sent; each keystroke would otherwise be a request. */
const SEARCH_SETTLE_MS = 300;

/** The value once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
type Filter = '' | 'COMPLETED' | 'PROCESSING' | 'UPSCALED';
/** Tabs filter by status, except Upscaled, which filters by kind (the upscaler's records). */
const FILTER_QUERY: Record<Filter, { status?: string; type?: string }> = {
  '': {},
  COMPLETED: { status: 'COMPLETED' },
  PROCESSING: { status: 'PROCESSING' },
  UPSCALED: { type: 'UPSCALED_IMAGE' },
};

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

function Creations() {
  const { t, i18n } = useLingui();
  const failureText = useJobFailureText();
  const toast = useToast();
  const errorText = useErrorText();
  const actions = useCreationActions();
  const [filter, setFilter] = useState<Filter>('');
  const [words, setWords] = useState('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const search = useSettled(words.trim().slice(0, RECORD_SEARCH_MAX), SEARCH_SETTLE_MS);
  const searching = Boolean(search || fromDay || toDay);
  const [viewing, setViewing] = useState<CreationRecord | null>(null);
  const [deleting, setDeleting] = useState<CreationRecord | null>(null);
  const [sharing, setSharing] = useState<string | null>(null);
  const queryClient = useQueryClient();
  // The filter is in the query key: switching tabs cancels the old request, and its late answer can
  // only land in the old filter's entry, never on screen. Processing cards update themselves.
  const list = useQuery({
    ...queries.records({ page: 0, size: PAGE_SIZE, ...FILTER_QUERY[filter], q: search || undefined, ...dayRange(fromDay, toDay) }),
    refetchInterval: (query) => (query.state.data?.records.some((r) => r.status === 'PROCESSING') ? 3000 : false),
  });
  const records = list.data?.records;
  const processing = Boolean(records?.some((r) => r.status === 'PROCESSING'));
  const statsQuery = useQuery({ ...queries.recordStats(), refetchInterval: processing ? 3000 : false });
  // A job that finished while this page watched it may have been refunded (a failure): the header's
  // balance is read again, so the card saying "back in your balance" and the balance agree.
  const wasProcessing = useRef(false);
  useEffect(() => {
    if (wasProcessing.current && !processing) void invalidateCredits();
    wasProcessing.current = processing;
  }, [processing]);
  const stats = statsQuery.data;
  const failed = list.error ?? statsQuery.error;
  const error = failed ? errorText(failed) : undefined;
  const reload = () => queryClient.invalidateQueries({ queryKey: keys.records });
  const remove = useMutation({ mutationFn: (id: string) => api.deleteRecord(id), onSettled: reload });

  // The tool's own name in the page's language; a type this build does not know keeps the server's word.
  const typeLabel = (r: CreationRecord) => {
    const label = creationTypeLabel(r.type);
    return label ? i18n._(label) : r.type.replace(/_/g, ' ').toLowerCase();
  };
  const upscaleLabel = (r: CreationRecord) => {
    const factor = r.style?.replace(/x$/i, '') ?? '';
    return r.width && r.height ? t`Upscaled ${factor}× · ${r.width} × ${r.height} px` : t`Upscaled ${factor}×`;
  };
  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(t`Deleted`);
      setDeleting(null);
    } catch (e) {
      toast.error(errorText(e));
    }
  }

  return (
    <Page wide title={<Trans>My creations</Trans>}>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
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
              onClick={() => setFilter(value)}
              className={`shrink-0 rounded-lg px-3 py-1.5 text-sm sm:px-4 ${filter === value ? 'bg-white/10' : 'text-zinc-400 hover:text-white'}`}
            >
              {label}
            </button>
          ))}
        </div>
        {stats && (
          <p className="text-sm text-zinc-400">
            <Trans>
              {stats.total} total · {stats.completed} completed · {stats.processing} processing · {stats.failed} failed
            </Trans>
          </p>
        )}
      </div>
      <search className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-[1fr_auto_auto]" aria-label={t`Search my creations`}>
        <div className="col-span-2 sm:col-span-1">
          <Field
            label={t`Search by prompt`}
            type="search"
            value={words}
            onChange={setWords}
            inputProps={{ placeholder: t`e.g. fox, 熊貓`, maxLength: RECORD_SEARCH_MAX, enterKeyHint: 'search' }}
          />
        </div>
        <Field label={t`From`} type="date" value={fromDay} onChange={setFromDay} inputProps={{ max: toDay || undefined }} />
        <Field label={t`To`} type="date" value={toDay} onChange={setToDay} inputProps={{ min: fromDay || undefined }} />
      </search>
      {error ? (
        <ErrorState message={error} onRetry={() => void reload()} />
      ) : !records ? (
        <div className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
          {Array.from({ length: 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical loading placeholders; they never reorder.
            <div key={i} className="skeleton aspect-square rounded-2xl" />
          ))}
        </div>
      ) : records.length === 0 ? (
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
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4" data-testid="creations">
          {records.map((r) => {
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
                    {showPrompt ? (
                      r.prompt
                    ) : r.type === 'UPSCALED_IMAGE' ? (
                      upscaleLabel(r)
                    ) : (
                      <span data-testid="creation-type">{typeLabel(r)}</span>
                    )}
                  </Link>
                  <div className="flex flex-wrap gap-1.5">
                    <Button variant="secondary" className="px-2.5 py-1 text-xs" isDisabled={!canView} onPress={() => setViewing(r)}>
                      <Trans>View</Trans>
                    </Button>
                    <Button
                      variant="secondary"
                      className="px-2.5 py-1 text-xs"
                      isDisabled={!canDownload}
                      onPress={() => actions.download(r)}
                    >
                      <Trans>Download</Trans>
                    </Button>
                    <Button variant="secondary" className="px-2.5 py-1 text-xs" isDisabled={!canDownload} onPress={() => actions.reEdit(r)}>
                      <Trans>Re-edit</Trans>
                    </Button>
                    <Button
                      variant="secondary"
                      className="px-2.5 py-1 text-xs"
                      isDisabled={!canDownload}
                      onPress={() => actions.upscale(r)}
                    >
                      <Trans>Upscale</Trans>
                    </Button>
                    <Button variant="secondary" className="px-2.5 py-1 text-xs" isDisabled={!canDownload} onPress={() => setSharing(r.id)}>
                      <Trans>Share</Trans>
                    </Button>
                    <Button
                      variant="ghost"
                      className="px-2.5 py-1 text-xs text-rose-300"
                      isDisabled={r.status === 'PROCESSING'}
                      onPress={() => setDeleting(r)}
                    >
                      <Trans>Delete</Trans>
                    </Button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <ModalOverlay
        isOpen={viewing !== null}
        onOpenChange={(o) => !o && setViewing(null)}
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
      <ShareDialog recordId={sharing} onClose={() => setSharing(null)} />
      <ModalOverlay
        isOpen={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
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
              <Button variant="ghost" onPress={() => setDeleting(null)}>
                <Trans>Cancel</Trans>
              </Button>
              <Button variant="danger" onPress={() => void confirmDelete()}>
                <Trans>Delete</Trans>
              </Button>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </Page>
  );
}

export function CreationsPage() {
  return (
    <RequireSignIn>
      <Creations />
    </RequireSignIn>
  );
}
