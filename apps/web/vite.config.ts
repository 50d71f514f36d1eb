import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './precompress';

// The API server (apps/server) listens here in development; the dev server forwards its paths.
const apiTarget = 'http://127.0.0.1:8080';
const apiPrefixes = ['/wps', '/lgw', '/lotto', '/ops', '/dev', '/sandbox', '/taya-games', '/play'];

/** Libraries only some pages use, each in a chunk of its own (with the packages only it pulls in). */
const heavyLibraries = [
  {
    name: 'charts',
    packages: [
      'recharts',
      'victory-vendor',
      'd3-[a-z-]+',
      'internmap',
      '@reduxjs',
      'redux',
      'react-redux',
      'reselect',
      'immer',
      'decimal\\.js-light',
      'es-toolkit',
      'eventemitter3',
      'tiny-invariant',
    ],
  },
  { name: 'carousel', packages: ['swiper'] },
  { name: 'sanitiser', packages: ['dompurify'] },
  { name: 'qrcode', packages: ['qrcode\\.react'] },
];

/**
 * The English catalogue is fetched as JSON before the first render (`lib/i18n.ts`); a preload
 * link in the shell starts that download beside the entry script's instead of after it.
 */
function preloadEnglishCatalogue(): Plugin {
  return {
    name: 'taya:preload-english-catalogue',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const asset = Object.values(ctx.bundle ?? {}).find(
          (output) =>
            output.type === 'asset' && output.originalFileNames.includes('src/locales/en.json'),
        );
        if (!asset) throw new Error('the build emitted no English catalogue');
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${asset.fileName}`, as: 'fetch', crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

export default defineConfig({
  // Pinned so `vite build --config apps/web/vite.config.ts` from the repo root behaves the same.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), preloadEnglishCatalogue(), precompress()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      ...Object.fromEntries(apiPrefixes.map((prefix) => [prefix, { target: apiTarget }])),
      '/ws': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    // Lists each chunk and its static imports; the first-load budget test reads it.
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      // The contracts build their zod schemas at the top of their modules; a page that needs only
      // a module's plain values (a path, a list of codes) should not carry its schemas, or zod.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          // React and the router change far less often than our code: a separate chunk stays
          // cached across our deploys. Heavy libraries get chunks of their own, which only the
          // pages that use them load; everything else is split where Rolldown sees fit.
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|use-sync-external-store)[\\/]/,
            },
            ...heavyLibraries.map(({ name, packages }) => ({
              name,
              test: new RegExp(`node_modules[\\\\/](${packages.join('|')})[\\\\/]`),
            })),
          ],
        },
      },
    },
  },
});
