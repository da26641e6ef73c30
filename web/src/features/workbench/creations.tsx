import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../api/error-text';
import { ShareDialog } from '../sharing/share-dialog';
import { api, type CreationRecord } from '../../api/endpoints';
import { invalidateCredits, keys, queries } from '../../api/queries';
import { RequireSignIn } from '../auth/signed-in-redirect';
import { Field } from '../../ui/field';
import { ErrorState, Page } from '../../ui/page';
import { useToast } from '../../ui/toast';
import { RECORD_SEARCH_MAX } from '@worker/contract/sizes';
import { CreationCard, CreationsEmpty, DeleteDialog, type Filter, FilterTabs, ViewDialog } from './creation-parts';
import { dayRange } from './day-range';

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
/** Tabs filter by status, except Upscaled, which filters by kind (the upscaler's records). */
const FILTER_QUERY: Record<Filter, { status?: 'COMPLETED' | 'PROCESSING'; type?: 'UPSCALED_IMAGE' }> = {
  '': {},
  COMPLETED: { status: 'COMPLETED' },
  PROCESSING: { status: 'PROCESSING' },
  UPSCALED: { type: 'UPSCALED_IMAGE' },
};

/** The creations for the filter and search, their counts, and a reload; kept fresh while any is processing. */
function useCreationsList(filter: Filter, search: string, fromDay: string, toDay: string) {
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  // The filter is in the query key: switching tabs cancels the old request, and its late answer can
  // only land in the old filter's entry, never on screen. Processing cards update themselves.
  const list = useQuery({
    ...queries.records({ page: 0, size: PAGE_SIZE, ...FILTER_QUERY[filter], q: search || undefined, ...dayRange(fromDay, toDay) }),
    refetchInterval: (query) => (query.state.data?.items.some((r) => r.status === 'PROCESSING') ? 3000 : false),
  });
  const records = list.data?.items;
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
  // The server refuses a range that ends before it starts, naming its start: said by the date fields, not as a failure to retry.
  const reversed = list.error instanceof ApiError && list.error.status === 400 && list.error.field === 'createdFrom';
  const failed = (reversed ? null : list.error) ?? statsQuery.error;
  const error = failed ? errorText(failed) : undefined;
  const reload = () => queryClient.invalidateQueries({ queryKey: keys.records });
  return { records, stats, error, reversed, reload };
}

/** The search: words of the prompt or the card's name, and the days (a reversed range is marked on "From"). */
function CreationSearch(p: {
  words: string;
  setWords: (v: string) => void;
  fromDay: string;
  setFromDay: (v: string) => void;
  toDay: string;
  setToDay: (v: string) => void;
  reversed: boolean;
}) {
  const { t } = useLingui();
  const { words, setWords, fromDay, setFromDay, toDay, setToDay, reversed } = p;
  return (
    <search className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-[1fr_auto_auto]" aria-label={t`Search my creations`}>
      <div className="col-span-2 sm:col-span-1">
        <Field
          label={t`Search by prompt`}
          type="search"
          value={words}
          onChange={setWords}
          inputProps={{
            placeholder: t({ message: 'e.g. fox, panda', comment: 'Search examples: words in this language, not English ones' }),
            maxLength: RECORD_SEARCH_MAX,
            enterKeyHint: 'search',
          }}
        />
      </div>
      <Field
        label={t`From`}
        type="date"
        value={fromDay}
        onChange={setFromDay}
        error={reversed ? t`After the “To” day` : undefined}
        inputProps={{ max: toDay || undefined }}
      />
      <Field label={t`To`} type="date" value={toDay} onChange={setToDay} inputProps={{ min: fromDay || undefined }} />
    </search>
  );
}

function Creations() {
  const { t } = useLingui();
  const toast = useToast();
  const errorText = useErrorText();
  const [filter, setFilter] = useState<Filter>('');
  const [words, setWords] = useState('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const search = useSettled(words.trim().slice(0, RECORD_SEARCH_MAX), SEARCH_SETTLE_MS);
  const searching = Boolean(search || fromDay || toDay);
  const [viewing, setViewing] = useState<CreationRecord | null>(null);
  const [deleting, setDeleting] = useState<CreationRecord | null>(null);
  const [sharing, setSharing] = useState<string | null>(null);
  const { records, stats, error, reversed, reload } = useCreationsList(filter, search, fromDay, toDay);
  const remove = useMutation({ mutationFn: (id: string) => api.deleteRecord(id), onSettled: reload });

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
        <FilterTabs filter={filter} onChange={setFilter} />
        {stats && (
          <p className="text-sm text-zinc-400">
            <Trans>
              {stats.total} total · {stats.completed} completed · {stats.processing} processing · {stats.failed} failed
            </Trans>
          </p>
        )}
      </div>
      <CreationSearch
        words={words}
        setWords={setWords}
        fromDay={fromDay}
        setFromDay={setFromDay}
        toDay={toDay}
        setToDay={setToDay}
        reversed={reversed}
      />
      {error ? (
        <ErrorState message={error} onRetry={() => void reload()} />
      ) : reversed ? (
        <p role="alert" className="card p-12 text-center text-zinc-300" data-testid="creations-range-reversed">
          <Trans>The “From” day is after the “To” day, so no day is in between. Choose a “From” day on or before the “To” day.</Trans>
        </p>
      ) : !records ? (
        <div className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
          {Array.from({ length: 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical loading placeholders; they never reorder.
            <div key={i} className="skeleton aspect-square rounded-2xl" />
          ))}
        </div>
      ) : records.length === 0 ? (
        <CreationsEmpty searching={searching} filter={filter} />
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4" data-testid="creations">
          {records.map((r) => (
            <CreationCard key={r.id} r={r} onView={() => setViewing(r)} onShare={() => setSharing(r.id)} onDelete={() => setDeleting(r)} />
          ))}
        </ul>
      )}

      <ViewDialog viewing={viewing} onClose={() => setViewing(null)} />
      <ShareDialog recordId={sharing} onClose={() => setSharing(null)} />
      <DeleteDialog deleting={deleting} onClose={() => setDeleting(null)} onConfirm={() => void confirmDelete()} />
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
