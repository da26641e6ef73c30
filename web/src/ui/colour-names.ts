import { useLingui } from '@lingui/react/macro';

/** Names for the preset swatches (worker/contract/tools.ts COLOUR_PICKER_PRESETS), read out instead of hex codes. */
export function useColourName() {
  const { t } = useLingui();
  const names: Record<string, string> = {
    '#ffffff': t`White`,
    '#f0f0f0': t`Off-white`,
    '#d9d9d9': t`Light grey`,
    '#808080': t`Grey`,
    '#404040': t`Dark grey`,
    '#000000': t`Black`,
    '#ff0000': t`Red`,
    '#c00000': t`Dark red`,
    '#ff7f7f': t`Light red`,
    '#ffa500': t`Orange`,
    '#ffd700': t`Gold`,
    '#ffff99': t`Light yellow`,
    '#00ff00': t`Green`,
    '#2e8b57': t`Sea green`,
    '#98fb98': t`Pale green`,
    '#00ffff': t`Cyan`,
    '#87ceeb': t`Sky blue`,
    '#4682b4': t`Steel blue`,
    '#0000ff': t`Blue`,
    '#00008b': t`Dark blue`,
    '#add8e6': t`Light blue`,
    '#800080': t`Purple`,
    '#ff00ff': t`Magenta`,
    '#ffc0cb': t`Pink`,
  };
  return (hex: string) => names[hex.toLowerCase()] ?? t`Custom colour ${hex.toUpperCase()}`;
}
