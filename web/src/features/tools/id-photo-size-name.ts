import { useLingui } from '@lingui/react/macro';
import type { IdPhotoSize } from '@worker/contract/tools';

/** The ID-photo sizes' names in the page's language (the size cards, a creation's settings). */
export function useIdPhotoSizeName(): Record<IdPhotoSize, string> {
  const { t } = useLingui();
  return { oneInch: t`1 inch`, twoInch: t`2 inch`, passport: t`Passport`, visa: t`Visa` };
}
