/**
 * The ten spec §3 sizes. A copy of the contract's SIZES, kept equal by sizes.test.ts: importing the
 * contract module builds its zod schemas, which put zod (~25 KB gz, ~190 ms of a phone's CPU) on the
 * workbench's first load for one constant (issue 16).
 */
export const SIZE_OPTIONS = [
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
