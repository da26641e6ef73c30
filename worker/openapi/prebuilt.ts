/**
 * The Worker's OpenAPI document: the one the Node server generates, prebuilt by `npm run api:types`
 * into web/public/openapi.json (with info.version "0") and read from the assets binding once per
 * isolate. Generating it needs @asteasolutions/zod-to-openapi's generator, which the Worker build
 * leaves out (wrangler.toml `[alias]`, ./zod-to-openapi-for-workers.ts, decision 051).
 */
import type { DocumentSource } from './routes';

/** Where the build puts the prebuilt document (web/public → the site's root). */
export const PREBUILT_DOCUMENT_PATH = '/openapi.json';

interface AssetsLike {
  fetch(request: Request | URL): Promise<Response>;
}

interface Document {
  info: Record<string, unknown>;
}

/** The prebuilt document from the assets, with this deployment's version in info.version. */
export function prebuiltDocument(assets: AssetsLike | undefined): DocumentSource {
  let loaded: Promise<Document> | undefined;
  const load = async (requestUrl: string) => {
    if (!assets) throw new Error('no assets binding: the prebuilt OpenAPI document cannot be read');
    const response = await assets.fetch(new URL(PREBUILT_DOCUMENT_PATH, requestUrl));
    if (!response.ok) throw new Error(`the prebuilt OpenAPI document is missing from the assets (${response.status})`);
    return (await response.json()) as Document;
  };
  return async (version, requestUrl) => {
    loaded ??= load(requestUrl).catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    const document = await loaded;
    return { ...document, info: { ...document.info, version } };
  };
}
