import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The SPA: built into dist/web, which the Node server and the Workers assets binding serve. */
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: here('./web/src/routes'),
      generatedRouteTree: here('./web/src/routeTree.gen.ts'),
    }),
    react(),
    // Lingui macros via Babel (the native transform's binary is not on this registry); .po catalogs compile on import.
    babel({ include: /web\/src\/.*\.tsx?(\?.*)?$/, plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    // A missing zh-Hant msgstr fails the build: the .po files are the only source of translations.
    // I18N_ALLOW_MISSING=1 is for a local build while a catalogue is mid-edit; CI never sets it.
    lingui({ failOnMissing: process.env.I18N_ALLOW_MISSING !== '1', failOnCompileError: true }),
    tailwindcss(),
  ],
  build: { outDir: here('./dist/web'), emptyOutDir: true, chunkSizeWarningLimit: 700 },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 8787}` },
  },
});
