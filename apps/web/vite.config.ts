import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { firstAnswersPlan } from './src/app/first-answers';
import { precompress } from './precompress';

// The API server (apps/server) listens here in development; the dev server forwards its paths.
const apiTarget = 'http://127.0.0.1:8080';
const apiPrefixes = [
  '/wps',
  '/lgw',
  '/lotto',
  '/ops',
  '/dev',
  '/sandbox',
  '/taya-games',
  '/play',
  '/originals',
];

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

/**
 * The entry's style sheet goes into the page itself: the first paint then needs the page alone,
 * not a second round trip for a render-blocking file. (The file is still emitted; lazy chunks'
 * own style sheets load beside their code as before.)
 */
function inlineEntryStyles(): Plugin {
  return {
    name: 'taya:inline-entry-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(
          /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g,
          (link, fileName: string) => {
            const asset = ctx.bundle?.[fileName];
            if (asset?.type !== 'asset') return link;
            const css = String(asset.source);
            if (/<\/style/i.test(css)) return link;
            return `<style>${css}</style>`;
          },
        );
      },
    },
  };
}

/**
 * The page paints from the HTML alone (styles inline, first answers written in), so the app's
 * scripts do not block that paint: they are fetched at low priority, after the document and the
 * first images rather than competing with them.
 */
function scriptsAfterFirstPaint(): Plugin {
  return {
    name: 'taya:scripts-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"')
          .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"'),
    },
  };
}

/** The list of each page's first calls, for the server to answer in the page (`app/first-answers.ts`). */
function writeFirstAnswersPlan(): Plugin {
  return {
    name: 'taya:first-answers-plan',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'script',
        attrs: { type: 'application/json', id: 'first-answers-wanted' },
        children: JSON.stringify(firstAnswersPlan).replace(/</g, '\\u003c'),
        injectTo: 'body',
      },
    ],
  };
}

export default defineConfig({
  // Pinned so `vite build --config apps/web/vite.config.ts` from the repo root behaves the same.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    preloadEnglishCatalogue(),
    inlineEntryStyles(),
    scriptsAfterFirstPaint(),
    writeFirstAnswersPlan(),
    precompress(),
  ],
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
