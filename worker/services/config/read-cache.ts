import { sha1, toHex } from '../../lib/bytes';
/**
 * In-process cache for public, rarely-changing reads (pricing, showcase, public config, models,
 * referral info).
 * One entry per scope and key, holding the serialised JSON and its ETag, so a hit costs no query, no
 * serialisation and no hashing. The scope is the app's config object: built once per Node process
 * and once per Workers isolate, whereas a Worker opens a new database handle for every request, so
 * a cache keyed by the handle would never hit there. Tests build one config per app and database.
 * A write through this process clears its scope at once ({@link invalidatePublicReads}); other
 * processes (other Workers isolates)
 * see a change within {@link PUBLIC_READ_TTL_MS}, the same bound the Cache-Control max-age gives
 * browsers and the edge.
 */
export const PUBLIC_READ_TTL_MS = 30_000;

/** Oldest entry goes first past this many keys per scope. */
const MAX_ENTRIES_PER_SCOPE = 256;

export interface CachedBody {
  body: string;
  etag: string;
}

interface Entry {
  value: Promise<CachedBody>;
  expiresAt: number;
  /** The value once loaded, for {@link peekPublicBody}. */
  settled?: CachedBody;
}

const caches = new WeakMap<object, Map<string, Entry>>();

async function etagOf(body: string) {
  return `W/"${toHex(await sha1(body))}"`;
}

/** The cached JSON for `key`, loading it once per TTL (concurrent misses share one load). */
export function cachedPublicRead(scope: object, key: string, load: () => Promise<unknown>, now = Date.now()): Promise<CachedBody> {
  return cachedPublicBody(scope, key, async () => JSON.stringify(await load()), now);
}

/**
 * The same cache for a body that is already serialised (a route's own JSON response, cached by
 * the public-read middleware without parsing it again).
 */
export function cachedPublicBody(scope: object, key: string, load: () => Promise<string>, now = Date.now()): Promise<CachedBody> {
  let entries = caches.get(scope);
  if (!entries) {
    entries = new Map();
    caches.set(scope, entries);
  }
  const hit = entries.get(key);
  if (hit && hit.expiresAt > now) return hit.value;
  const value = load().then(async (body) => ({ body, etag: await etagOf(body) }));
  const entry: Entry = { value, expiresAt: now + PUBLIC_READ_TTL_MS };
  // Keys come from the query (showcase pages, referral codes): bound the map so a crawler cannot grow it without end.
  if (entries.size >= MAX_ENTRIES_PER_SCOPE) entries.delete(entries.keys().next().value!);
  entries.set(key, entry);
  value.then(
    (cached) => {
      entry.settled = cached;
    },
    () => undefined,
  );
  // A failed load is not cached: the next request tries again.
  value.catch(() => entries.get(key) === entry && entries.delete(key));
  return value;
}

/** The loaded, unexpired value for `key`, if there is one: a hit without waiting on a promise. */
export function peekPublicBody(scope: object, key: string, now = Date.now()): CachedBody | undefined {
  const hit = caches.get(scope)?.get(key);
  return hit && hit.expiresAt > now ? hit.settled : undefined;
}

/** Called by every write to pricing, showcase or system config, so this process never serves the old value. */
export function invalidatePublicReads(scope: object) {
  caches.delete(scope);
}
