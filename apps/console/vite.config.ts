import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// The same build step as the player app's: .br and .gz beside each file.
import { precompress } from '../web/precompress';

// The API server (apps/server) listens here in development; the dev server forwards its paths.
const apiTarget = 'http://127.0.0.1:8080';

export default defineConfig({
  // Pinned so `vite build --config apps/console/vite.config.ts` from the repo root behaves the same.
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The server serves this build under /console (apps/server/src/platform/web-app.ts).
  base: '/console/',
  plugins: [react(), precompress()],
  server: {
    port: 5174,
    strictPort: true,
    proxy: { '/ops': { target: apiTarget } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the router change far less often than our code; charts load only with the
          // pages that draw them.
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|use-sync-external-store)[\\/]/,
            },
            {
              name: 'charts',
              test: /node_modules[\\/](recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs|redux|react-redux|reselect|immer|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
