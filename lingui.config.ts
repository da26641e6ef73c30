import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh-Hant'],
  catalogs: [{ path: '<rootDir>/web/src/locales/{locale}/messages', include: ['<rootDir>/web/src'] }],
  format: formatter({ lineNumbers: false }),
});
