import { useLingui } from '@lingui/react';
import { createFileRoute } from '@tanstack/react-router';
import { legalLocale } from '../features/legal/legal-documents';
import { PrivacyEn } from '../features/legal/privacy.en';
import { PrivacyZhHant } from '../features/legal/privacy.zh-Hant';

function Privacy() {
  const { i18n } = useLingui();
  return legalLocale(i18n.locale) === 'zh-Hant' ? <PrivacyZhHant /> : <PrivacyEn />;
}

export const Route = createFileRoute('/privacy')({ component: Privacy });
