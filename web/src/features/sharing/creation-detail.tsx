import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, ArrowRight, Share2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { IdPhotoSize } from '@worker/contract/tools';
import { useErrorText } from '../../api/error-text';
import type { CreationRecord } from '../../api/endpoints';
import { type LineageItem, shareQueries } from '../../api/shares';
import { Button } from '../../ui/button';
import { useColourName } from '../../ui/colour-names';
import { downloadImage } from '../../ui/download';
import { formatDate } from '../../ui/format';
import { useToast } from '../../ui/toast';
import { ErrorState, Page } from '../../ui/page';
import { RequireSignIn } from '../auth/signed-in-redirect';
import { useIdPhotoSizeName } from '../tools/id-photo-size-name';
import { creationFileName, useCreationActions } from '../workbench/creation-actions';
import { creationTypeLabel } from '../workbench/creation-type-labels';
import { ShareDialog } from './share-dialog';

const saveCreation = (r: CreationRecord) => downloadImage(r.imageUrl!, creationFileName(r));

/** The record type's name in the page's language; a type this build does not know keeps the server's word. */
function useTypeName() {
  const { i18n } = useLingui();
  return (type: string) => {
    const label = creationTypeLabel(type);
    return label ? i18n._(label) : type.replace(/_/g, ' ').toLowerCase();
  };
}

/** One linked creation in the chain: thumbnail, kind and date, opening that creation's page. */
function ChainLink({ item, current }: { item: LineageItem; current?: boolean }) {
  const typeName = useTypeName();
  const body = (
    <>
      <span className="block aspect-square w-full overflow-hidden rounded-xl bg-ink-800">
        {item.thumbnail ? (
          <img src={item.thumbnail} alt="" loading="lazy" className="h-full w-full object-cover" />
        ) : (
          <span className="flex h-full items-center justify-center px-1 text-center text-[11px] text-zinc-400">
            {item.status === 'PROCESSING' ? <Trans>Generating…</Trans> : item.status === 'FAILED' ? <Trans>Failed</Trans> : null}
          </span>
        )}
      </span>
      <span className="mt-1.5 block truncate text-xs font-semibold text-zinc-200">{typeName(item.type)}</span>
      <time className="block text-[11px] text-zinc-500">{formatDate(item.createdAt)}</time>
    </>
  );
  return current ? (
    <div aria-current="page" className="w-24 shrink-0 rounded-2xl p-1.5 ring-2 ring-violet-400 sm:w-28">
      {body}
    </div>
  ) : (
    <Link
      to="/creation-record"
      search={{ id: item.id }}
      className="w-24 shrink-0 rounded-2xl p-1.5 hover:bg-white/5 sm:w-28"
      data-testid="lineage-link"
    >
      {body}
    </Link>
  );
}

const Arrow = () => <ArrowRight aria-hidden className="h-4 w-4 shrink-0 self-center text-zinc-500" />;

/**
 * Where this creation comes from and what was made from it: the oldest source on the left, this one
 * highlighted, then the creations derived from it.
 */
function Lineage({ current, sources, derived }: { current: LineageItem; sources: LineageItem[]; derived: LineageItem[] }) {
  const { t } = useLingui();
  if (sources.length === 0 && derived.length === 0)
    return (
      <p className="text-sm text-zinc-400" data-testid="lineage-empty">
        <Trans>This creation was not made from another one, and nothing has been made from it yet.</Trans>
      </p>
    );
  const ancestors = [...sources].reverse();
  return (
    <div className="flex flex-col gap-4">
      <ol aria-label={t`Lineage`} className="-mx-1 flex items-start gap-1 overflow-x-auto p-1 pb-2" data-testid="lineage">
        {ancestors.map((item) => (
          <li key={item.id} className="flex items-start gap-1">
            <ChainLink item={item} />
            <Arrow />
          </li>
        ))}
        <li className="flex items-start gap-1">
          <ChainLink item={current} current />
        </li>
        {derived.length === 1 && (
          <li className="flex items-start gap-1">
            <Arrow />
            <ChainLink item={derived[0]!} />
          </li>
        )}
      </ol>
      {derived.length > 1 && (
        <div>
          <h3 className="mb-2 text-sm font-semibold text-zinc-300">
            <Trans>Made from this creation</Trans>
          </h3>
          <ul className="flex flex-wrap gap-1" data-testid="lineage-derived">
            {derived.map((item) => (
              <li key={item.id}>
                <ChainLink item={item} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** An upscale's factor, as its record keeps it (`style` "4x"); null for anything else. */
const upscaleFactorOf = (record: CreationRecord) =>
  record.type === 'UPSCALED_IMAGE' ? (record.style?.match(/^(\d+)x$/)?.[1] ?? null) : null;

/** The generation settings the creation was made with (seed, negative prompt, …); those not set are left out. */
function Settings({ record }: { record: CreationRecord }) {
  const { t } = useLingui();
  const { options } = record;
  const factor = upscaleFactorOf(record);
  const { width, height } = record;
  const sizeName = useIdPhotoSizeName();
  const colourName = useColourName();
  const { size, backgroundColor } = record.toolSettings ?? {};
  const rows: [string, ReactNode][] = [
    [t`Upscale factor`, factor && `${factor}×`],
    [t`Output size`, factor && width && height ? t`${width} × ${height} px` : null],
    [t`Size`, size && (Object.hasOwn(sizeName, size) ? sizeName[size as IdPhotoSize] : size)],
    [
      t`Background colour`,
      backgroundColor && (
        <span className="inline-flex items-center gap-2">
          <span aria-hidden className="h-4 w-4 rounded-full border border-white/25" style={{ background: backgroundColor }} />
          {colourName(backgroundColor)} · <span className="font-mono uppercase">{backgroundColor}</span>
        </span>
      ),
    ],
    [t`Seed`, record.seed],
    [t`Negative prompt`, options?.negativePrompt],
    [t`Steps`, options?.steps],
    [t`Guidance scale`, options?.cfgScale],
    [t`Strength`, options?.strength],
    [t`Sampler`, options?.sampler],
  ];
  const shown = rows.filter(([, value]) => value !== null && value !== undefined && value !== '' && value !== false);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="settings-heading" className="card p-4">
      <h2 id="settings-heading" className="mb-3 font-semibold">
        <Trans>Settings</Trans>
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm" data-testid="creation-settings">
        {shown.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-zinc-400">{label}</dt>
            <dd className="break-words text-zinc-200">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The creation's picture, or where it stands while there is none. */
function CreationImage({ record: r, alt }: { record: CreationRecord; alt: string }) {
  return (
    <div className="card flex items-center justify-center overflow-hidden bg-ink-900">
      {r.imageUrl ? (
        <img src={r.imageUrl} alt={alt} className="max-h-[70vh] w-auto max-w-full object-contain" />
      ) : (
        <p className="p-12 text-sm text-zinc-400">{r.status === 'PROCESSING' ? <Trans>Generating…</Trans> : <Trans>Failed</Trans>}</p>
      )}
    </div>
  );
}

/** Share, Download, Re-edit and Upscale: each once the creation is finished. */
function DetailActions({ record: r, onShare }: { record: CreationRecord; onShare: () => void }) {
  const { t } = useLingui();
  const actions = useCreationActions();
  const toast = useToast();
  const finished = r.status === 'COMPLETED' && Boolean(r.imageUrl);
  return (
    <div className="flex flex-wrap gap-2">
      <Button isDisabled={!finished} onPress={onShare}>
        <Share2 aria-hidden className="h-4 w-4" />
        <Trans>Share</Trans>
      </Button>
      <Button variant="secondary" isDisabled={!finished} onPress={() => void saveCreation(r).catch(() => toast.error(t`Download failed`))}>
        <Trans>Download</Trans>
      </Button>
      <Button variant="secondary" isDisabled={!finished} onPress={() => actions.reEdit(r)}>
        <Trans>Re-edit</Trans>
      </Button>
      <Button variant="secondary" isDisabled={!finished} onPress={() => actions.upscale(r)}>
        <Trans>Upscale</Trans>
      </Button>
    </div>
  );
}

function Detail({ id }: { id: string }) {
  const errorText = useErrorText();
  const { t } = useLingui();
  const typeName = useTypeName();
  // Read again while this creation or one made from it is still being made (their images appear then).
  const detail = useQuery({
    ...shareQueries.detail(id),
    refetchInterval: (query) => {
      const data = query.state.data;
      const busy = data && [data.record, ...data.sources, ...data.derived].some((item) => item.status === 'PROCESSING');
      return busy ? 3000 : false;
    },
  });
  const [sharing, setSharing] = useState(false);
  const back = (
    <Link to="/creation-record" className="mb-4 inline-flex items-center gap-1.5 text-sm text-zinc-400 hover:text-white">
      <ArrowLeft aria-hidden className="h-4 w-4" />
      <Trans>My creations</Trans>
    </Link>
  );
  if (detail.error)
    return (
      <Page wide>
        {back}
        <ErrorState message={errorText(detail.error)} onRetry={() => void detail.refetch()} />
      </Page>
    );
  const data = detail.data;
  if (!data)
    return (
      <Page wide>
        {back}
        <div className="skeleton aspect-video w-full max-w-3xl rounded-2xl" />
      </Page>
    );
  const r = data.record;
  const words = r.type === 'TEXT_TO_IMAGE' || r.type === 'IMAGE_TO_IMAGE' ? r.prompt : r.userWords;
  const current: LineageItem = {
    id: r.id,
    type: r.type,
    status: r.status,
    createdAt: r.createdAt,
    thumbnail: r.thumbnail,
    style: r.style,
    width: r.width,
    height: r.height,
  };
  return (
    <Page wide>
      {back}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <CreationImage record={r} alt={words ?? typeName(r.type)} />
        <div className="flex flex-col gap-4">
          <div>
            <h1 className="text-2xl font-bold tracking-tight" data-testid="creation-title">
              {typeName(r.type)}
            </h1>
            <p className="mt-1 text-sm text-zinc-400">
              <time dateTime={r.createdAt}>{formatDate(r.createdAt)}</time>
              {r.width && r.height ? ` · ${t`${r.width} × ${r.height} px`}` : ''}
            </p>
          </div>
          {words && <p className="whitespace-pre-wrap break-words text-sm text-zinc-300">{words}</p>}
          <DetailActions record={r} onShare={() => setSharing(true)} />
          <Settings record={r} />
          <section aria-labelledby="lineage-heading" className="card p-4">
            <h2 id="lineage-heading" className="mb-3 font-semibold">
              <Trans>Lineage</Trans>
            </h2>
            <Lineage current={current} sources={data.sources} derived={data.derived} />
          </section>
        </div>
      </div>
      <ShareDialog recordId={sharing ? r.id : null} onClose={() => setSharing(false)} />
    </Page>
  );
}

/** `/creation-record?id=…`: one of my creations, its share link and its lineage. */
export function CreationDetailPage({ id }: { id: string }) {
  return (
    <RequireSignIn>
      <Detail key={id} id={id} />
    </RequireSignIn>
  );
}
