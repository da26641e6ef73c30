/**
 * Spec §3: the ten workbench sizes. Its own module without zod: importing a contract module builds
 * its schemas, which would put zod (~25 KB gz, ~190 ms of a phone's CPU) on the workbench's first
 * load for one constant. generation.ts re-exports it for the API.
 */
export const SIZES = [
  { ratio: '1:1', width: 1024, height: 1024 },
  { ratio: '2:3', width: 832, height: 1248 },
  { ratio: '3:2', width: 1248, height: 832 },
  { ratio: '3:4', width: 864, height: 1184 },
  { ratio: '4:3', width: 1184, height: 864 },
  { ratio: '4:5', width: 896, height: 1152 },
  { ratio: '5:4', width: 1152, height: 896 },
  { ratio: '9:16', width: 768, height: 1344 },
  { ratio: '16:9', width: 1344, height: 768 },
  { ratio: '21:9', width: 1536, height: 672 },
] as const;

/** The longest workbench prompt, after trimming (spec §5); the API and the page's counter share it. */
export const PROMPT_MAX = 5000;

/** The longest My creations search (characters). */
export const RECORD_SEARCH_MAX = 100;
