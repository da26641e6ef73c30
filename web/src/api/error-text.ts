import type { I18n, MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { startEstimate } from '../ui/queue-wait';
import { ApiError } from './client';

/*
 * How the app says a failed call, in one module: the client (./client.ts) turns an error body into
 * an {@link ApiError} carrying the message id and parameters (`said`); {@link useErrorText} says it
 * from the app's sentence table (./error-message-table.ts, a lazily loaded chunk), else the server's
 * own rendering in the page's language.
 */

/** Parameters counted by a plural form: they stay numbers so the form can be chosen. */
export const PLURAL_COUNTS: ReadonlySet<string> = new Set(['left', 'seconds']);

/** A message as an error body carries it: its id and the parameters the server sends. */
export interface SaidMessage {
  id: string;
  params: Readonly<Record<string, string | number>>;
}

let table: Readonly<Record<string, MessageDescriptor>> | undefined;

/**
 * Loads the sentence table (./error-message-table.ts), a chunk of its own: most visits never show an
 * error, so it loads when a component that can say one mounts (`useErrorMessagesLoaded`) instead of
 * riding in every route. Until it is in, `sayMessage` answers null and the server's own rendering in
 * the page's language is shown.
 */
export async function loadErrorMessages(): Promise<void> {
  table ??= (await import('./error-message-table')).ERROR_MESSAGES;
}

/**
 * For a form that says its own rule errors: true once the table is in, loading it (and re-rendering) if
 * need be. The re-render is a transition: the table arrives while a page is starting, and re-rendering
 * a whole form in one task there is what a phone counts as blocking time.
 */
export function useErrorMessagesLoaded(): boolean {
  const [loaded, setLoaded] = useState(() => table !== undefined);
  useEffect(() => {
    if (!loaded) void loadErrorMessages().then(() => startTransition(() => setLoaded(true)));
  }, [loaded]);
  return loaded;
}

/** The message in the page's language, numbers grouped its way; null when this app has no text for the id (yet). */
export function sayMessage(i18n: I18n, said: SaidMessage): string | null {
  if (!table || !Object.hasOwn(table, said.id)) return null;
  const descriptor = table[said.id]!;
  const values = Object.fromEntries(
    Object.entries(said.params).map(([name, value]) => [
      name,
      typeof value === 'number' && !PLURAL_COUNTS.has(name) ? i18n.number(value) : value,
    ]),
  );
  return i18n._({ ...descriptor, values });
}

/**
 * What to tell the user about a failure (DESIGN.md §3.2, spec §8): the server's message id said from
 * this app's catalogue ({@link sayMessage}), else the server's own rendering in the page's language.
 * A transport failure, an internal error and a busy engine get the app's own sentences by code.
 */
export function useErrorText() {
  const { t, i18n } = useLingui();
  // The id's sentences live in a chunk of their own, loaded while a page that can show an error is on
  // screen; the page re-renders when it is in. Until then the server's rendering is shown.
  useErrorMessagesLoaded();
  return useCallback(
    (error: unknown): string => {
      if (!(error instanceof ApiError)) return t`Something went wrong, please try again`;
      switch (error.code) {
        case 'NETWORK_ERROR':
          return t`Network connection failed`;
        case 'INTERNAL':
          return t`Server error, please try again later`;
        case 'ENGINE_BUSY': {
          // Refused before the job was queued: say plainly that nothing was charged.
          const wait = startEstimate(error.retryAfter ?? 0);
          if (error.retryAfter === undefined || wait.unit === 'soon')
            return t`Lots of people are creating right now. Nothing was charged — please try again in a moment.`;
          if (wait.unit === 'seconds') {
            const seconds = wait.value;
            return t`Lots of people are creating right now. Nothing was charged — please try again in about ${seconds} seconds.`;
          }
          if (wait.value === 1) return t`Lots of people are creating right now. Nothing was charged — please try again in about a minute.`;
          const minutes = wait.value;
          return t`Lots of people are creating right now. Nothing was charged — please try again in about ${minutes} minutes.`;
        }
        default:
          return (error.said && sayMessage(i18n, error.said)) ?? error.message;
      }
    },
    [t, i18n],
  );
}
