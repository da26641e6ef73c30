import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ShowcaseImage } from '@web/api/types';
import { useDeferredValue } from 'react';
import { firstLoadQueries } from '../../api/first-load-queries';
import { downloadImage } from '../../ui/download';
import { ErrorState } from '../../ui/page';
import { useToast } from '../../ui/toast';
import { SHOWCASE_TEXT } from './showcase-text';
import { showcaseImageProps } from './thumbnail';

const PAGE_SIZE = 12;
/** Spec §5: descriptions over 100 characters are cut with an ellipsis. */
const cut = (text: string, max = 100) => (text.length > max ? `${text.slice(0, max).trimEnd()}…` : text);

/** The showcase gallery: skeletons while loading, retry on failure, empty state, Load more. */
export function ShowcaseGrid({
  pageLimit,
  pageSize = PAGE_SIZE,
  headingLevel = 3,
}: {
  pageLimit?: number;
  pageSize?: number;
  headingLevel?: 2 | 3;
}) {
  const { i18n } = useLinguiCore();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // Seeded items in the page's language (showcase-text.ts); anything else as the server stores it.
  const textOf = (image: ShowcaseImage) => {
    const known = SHOWCASE_TEXT[image.id];
    return {
      title: known ? i18n._(known.title) : image.title || image.prompt.slice(0, 50),
      description: known ? i18n._(known.description) : image.description || image.prompt,
    };
  };
  // Deferred: the cards render in a transition, in 5 ms slices, not in the one blocking task in which
  // TanStack Query announces the answer (on the home page, during a phone's start-up).
  const feed = useDeferredValue(useInfiniteQuery(firstLoadQueries.showcaseFeed(pageSize)));
  const images = feed.data?.pages.flatMap((p) => p.images) ?? [];
  const page = (feed.data?.pages.length ?? 1) - 1;
  const totalPages = feed.data?.pages.at(-1)?.totalPages ?? 0;
  const state: 'loading' | 'ready' | 'error' =
    feed.isPending || feed.isFetchingNextPage || (feed.isFetching && feed.isError) ? 'loading' : feed.isError ? 'error' : 'ready';
  const load = (next: number) => (next === 0 ? feed.refetch() : feed.fetchNextPage());

  if (state === 'error' && images.length === 0)
    return <ErrorState message={<Trans>Failed to load the showcase.</Trans>} onRetry={() => void load(0)} />;
  if (state === 'ready' && images.length === 0) {
    return (
      <div className="card p-10 text-center text-zinc-400">
        <Trans>No showcase items yet — be the first to create something amazing.</Trans>
      </div>
    );
  }
  const canLoadMore = (pageLimit === undefined || page + 1 < pageLimit) && page + 1 < totalPages;
  return (
    <div>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
        {images.map((image) => (
          <ShowcaseCard key={image.id} image={image} text={textOf(image)} Heading={Heading} />
        ))}
        {state === 'loading' &&
          Array.from({ length: images.length ? 4 : 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical loading placeholders; they never reorder.
            <li key={`s${i}`} className="skeleton aspect-[4/5] rounded-2xl" aria-hidden />
          ))}
      </ul>
      {canLoadMore && state !== 'loading' && (
        <div className="mt-8 text-center">
          <button
            type="button"
            onClick={() => void load(page + 1)}
            className="rounded-xl border border-white/15 px-5 py-2.5 text-sm hover:bg-white/5"
          >
            <Trans>Load more</Trans>
          </button>
        </div>
      )}
      {state === 'error' && images.length > 0 && (
        <p className="mt-4 text-center text-sm text-rose-300">
          <Trans>Failed to load more items.</Trans>
        </p>
      )}
    </div>
  );
}

/** One showcase item: its picture, Download and Use prompt over it, its title and description. */
function ShowcaseCard({
  image,
  text,
  Heading,
}: {
  image: ShowcaseImage;
  text: { title: string; description: string };
  Heading: 'h2' | 'h3';
}) {
  const { t } = useLingui();
  const toast = useToast();
  const navigate = useNavigate();
  return (
    <li className="group card overflow-hidden">
      <div className="relative aspect-square overflow-hidden bg-ink-800">
        <img
          {...showcaseImageProps(image)}
          sizes="(min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw"
          alt={text.title}
          loading="lazy"
          width={image.width}
          height={image.height}
          className="h-full w-full object-cover transition duration-500 group-hover:scale-105"
        />
        {image.featured && (
          <span className="absolute left-2 top-2 rounded-full bg-fuchsia-500/90 px-2 py-0.5 text-[11px] font-semibold">
            <Trans>Featured</Trans>
          </span>
        )}
        <div className="absolute inset-x-0 bottom-0 flex gap-2 bg-gradient-to-t from-black/80 to-transparent p-2 opacity-100 transition sm:opacity-0 sm:group-hover:opacity-100 sm:group-focus-within:opacity-100">
          <button
            type="button"
            className="rounded-lg bg-white/15 px-2.5 py-1 text-xs backdrop-blur hover:bg-white/25"
            aria-label={t`Download ${text.title}`}
            onClick={() => void downloadImage(image.imageUrl, `${image.id}.webp`).catch(() => toast.error(t`Download failed`))}
          >
            <Trans>Download</Trans>
          </button>
          <button
            type="button"
            className="rounded-lg bg-white/15 px-2.5 py-1 text-xs backdrop-blur hover:bg-white/25"
            aria-label={t`Use prompt: ${text.title}`}
            onClick={() => void navigate({ to: '/ai-workbench', search: { prompt: image.prompt } })}
          >
            <Trans>Use prompt</Trans>
          </button>
        </div>
      </div>
      <div className="p-3">
        <Heading className="truncate text-sm font-semibold">{text.title}</Heading>
        <p className="mt-1 line-clamp-2 text-xs text-zinc-400">{cut(text.description)}</p>
      </div>
    </li>
  );
}
