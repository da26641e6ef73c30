import type { I18n, MessageDescriptor } from '@lingui/core';
import { useEffect, useState } from 'react';

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

/** For a form that says its own rule errors: true once the table is in, loading it (and re-rendering) if need be. */
export function useErrorMessagesLoaded(): boolean {
  const [loaded, setLoaded] = useState(() => table !== undefined);
  useEffect(() => {
    if (!loaded) void loadErrorMessages().then(() => setLoaded(true));
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
