/**
 * A message (worker/contract/messages.ts) as one string, for the one place that carries only text:
 * a zod issue's `message`, which zod keeps as a schema gives it. The id, then its parameters as
 * JSON; never shown to anyone. Kept apart from the message table so the SPA's form checks
 * (auth-rules.ts) can write and read these strings without loading every server sentence.
 */
export function encodeMessage(message: { id: string; params: Readonly<Record<string, string | number>> }): string {
  return Object.keys(message.params).length ? `${message.id} ${JSON.stringify(message.params)}` : message.id;
}

/** The id and parameters {@link encodeMessage} wrote; the id is not checked against the table here. */
export function readEncodedMessage(text: string): { id: string; params: Record<string, string | number> } | null {
  const space = text.indexOf(' ');
  const id = space < 0 ? text : text.slice(0, space);
  if (!/^[a-z][A-Za-z]*$/.test(id)) return null;
  try {
    return { id, params: space < 0 ? {} : (JSON.parse(text.slice(space + 1)) as Record<string, string | number>) };
  } catch {
    return null;
  }
}
