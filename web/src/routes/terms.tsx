import { useLingui } from '@lingui/react';
import { createFileRoute } from '@tanstack/react-router';
import { legalLocale } from '../features/legal/legal-documents';
import { TermsEn } from '../features/legal/terms.en';
import { TermsZhHant } from '../features/legal/terms.zh-Hant';

function Terms() {
  const { i18n } = useLingui();
  return legalLocale(i18n.locale) === 'zh-Hant' ? <TermsZhHant /> : <TermsEn />;
}

export const Route = createFileRoute('/terms')({ component: Terms });
