/** How a style description joins the prompt: after a comma of the prompt's script. */
const JOINERS = [', ', '，'];

/**
 * Replaces the previously appended style description (if any) with the new one (spec §4 style
 * selection). `joiner` is the page language's comma (a full-width one in Chinese); a description
 * appended after either comma is recognised.
 */
export function applySuffix(prompt: string, previous: string | undefined, next: string, joiner = ', '): string {
  let base = prompt.trimEnd();
  if (previous && base === previous) base = '';
  else if (previous) {
    const end = JOINERS.find((j) => base.endsWith(`${j}${previous}`));
    if (end) base = base.slice(0, -(previous.length + end.length));
  }
  return base ? `${base}${joiner}${next}` : next;
}

/**
 * The prompt a job is sent: the style description the reader sees in their language (`shown`)
 * becomes the English one the engines know (`sent`), out of sight. A prompt whose description was
 * edited away or changed is sent as typed.
 */
export function sendWithSuffix(prompt: string, appended: { shown: string; sent: string } | undefined): string {
  const text = prompt.trim();
  if (!appended || appended.shown === appended.sent) return text;
  if (text === appended.shown) return appended.sent;
  const end = JOINERS.find((j) => text.endsWith(`${j}${appended.shown}`));
  return end ? `${text.slice(0, -(appended.shown.length + end.length))}, ${appended.sent}` : text;
}
