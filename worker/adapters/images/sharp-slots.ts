import pLimit from 'p-limit';

/**
 * Every sharp decode or encode on the request path (upload checks, avatars, upright copies) takes
 * one of these slots. sharp runs each pipeline on libuv's four-thread pool, which Node shares with
 * file I/O, DNS and zlib: unbounded, a burst of large uploads held all four threads and every other
 * request that needed one waited behind whole 49-megapixel decodes. Two slots leave two threads
 * for everything else; further decodes wait their turn in order (decision 022).
 */
export const sharpSlots = pLimit(2);
