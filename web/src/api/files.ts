import { safeLocalStorage } from '../lib/safe-storage';
import { TOKEN_KEY } from './client';

/**
 * A file the server handed out a URL for (a result, an upload, a showcase image), as a blob. A
 * same-origin `/api/files/…` URL carries the bearer token (private files); any other URL is fetched
 * without it, so the token never leaves the site.
 */
export async function fetchFile(url: string, signal?: AbortSignal): Promise<Blob> {
  const token = safeLocalStorage.getItem(TOKEN_KEY);
  const response = await fetch(url, { headers: token && url.startsWith('/api/') ? { authorization: `Bearer ${token}` } : {}, signal });
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  return response.blob();
}
