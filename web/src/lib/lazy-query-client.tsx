import { QueryClientContext, type QueryClient, type QueryKey, type QueryObserver, type QueryObserverOptions } from '@tanstack/react-query';
import {
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';

/**
 * TanStack Query, loaded after the home page's first paint instead of with it. Its core is ~11 KB gz
 * of the JS `/` needs before it can paint, for four small reads (the header's balance, the hero's
 * sign-up bonus, the showcase and the session check). Every other page awaits it before it renders
 * (main.tsx, the root route's beforeLoad), so their `useQuery` calls always find the client.
 *
 * Only the context object is imported statically (React's createContext, no query code): the app is
 * wrapped in it from the start, and the client is handed to it once loaded, so nothing remounts.
 */
interface Loaded {
  queryClient: QueryClient;
  QueryObserver: typeof QueryObserver;
}

let loaded: Loaded | undefined;
let loading: Promise<Loaded> | undefined;
const listeners = new Set<() => void>();

export function loadQueryClient(): Promise<Loaded> {
  loading ??= Promise.all([import('../api/query-client'), import('@tanstack/react-query')]).then(([client, query]) => {
    // What QueryClientProvider does on mount: refetch on reconnect and window focus where a query asks.
    client.queryClient.mount();
    loaded = { queryClient: client.queryClient, QueryObserver: query.QueryObserver };
    for (const listener of listeners) listener();
    return loaded;
  });
  return loading;
}

/**
 * The loaded module, or undefined before it loads. Its arrival re-renders every reader of the query
 * context, so it is a transition: React renders that in 5 ms slices between a phone's other work.
 * (useSyncExternalStore would render it in one blocking task; the value only ever changes once,
 * from undefined to loaded, so there is nothing to tear.)
 */
function useLoaded(): Loaded | undefined {
  const [value, setValue] = useState(loaded);
  useEffect(() => {
    const update = () => startTransition(() => setValue(loaded));
    listeners.add(update);
    if (loaded) update();
    return () => void listeners.delete(update);
  }, []);
  return value;
}

/** The loaded client, for code outside React that only acts on what is cached (nothing before it loads). */
export const loadedQueryClient = (): QueryClient | undefined => loaded?.queryClient;

/** The app's QueryClientProvider: the client once it has loaded, none before. */
export function LazyQueryClientProvider({ children }: { children: ReactNode }) {
  const client = useLoaded()?.queryClient;
  return <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>;
}

/**
 * A lazy component's loader that resolves once the query client has loaded too (for components
 * calling useQuery). The component it gives is wrapped in a provider of that client: the app's
 * provider hands the client over in a transition, and React can resolve and render this component
 * in the same render as a first render that began before the client arrived, whose provider still
 * holds none. Without the wrapper, useQuery throws there, and React recovers by rendering the whole
 * page again synchronously (React error 520, seen once on a reload of `/` in CI).
 */
export const afterQueryClient =
  <M extends { default: ComponentType<never> }>(load: () => Promise<M>) =>
  async (): Promise<M> => {
    const [module, { queryClient }] = await Promise.all([load(), loadQueryClient()]);
    const Component = module.default as ComponentType<object>;
    // biome-ignore lint/correctness/noComponentHookFactories: one wrapper per loaded module, made once (React.lazy calls its loader once), around that module's component.
    function WithQueryClient(props: object) {
      return (
        <QueryClientContext.Provider value={useContext(QueryClientContext) ?? queryClient}>
          <Component {...props} />
        </QueryClientContext.Provider>
      );
    }
    return { ...module, default: WithQueryClient as M['default'] };
  };

/**
 * A query's data for the parts of the home page's first paint: undefined until TanStack Query has
 * loaded, then what `useQuery(options).data` returns, from the same cache (invalidations refetch it).
 * Written by hand because `useQuery` itself would put the query core back into the first paint; it
 * follows TanStack Query's own observer, as useQuery does, without its suspense and error-boundary modes.
 */
export function useLazyQueryData<T, K extends QueryKey>(options: QueryObserverOptions<T, Error, T, T, K>): T | undefined {
  const module = useLoaded();
  const client = useContext(QueryClientContext) ?? module?.queryClient;
  useEffect(() => void loadQueryClient().catch(() => undefined), []);
  const hash = JSON.stringify([options.queryKey, options.enabled, options.staleTime]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new observer only when the key or the options change (hash).
  const observer = useMemo(() => (module && client ? new module.QueryObserver(client, options) : undefined), [module, client, hash]);
  const subscribeToObserver = useCallback((onChange: () => void) => observer?.subscribe(onChange) ?? (() => undefined), [observer]);
  return useSyncExternalStore(subscribeToObserver, () => observer?.getCurrentResult().data);
}
