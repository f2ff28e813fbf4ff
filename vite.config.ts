/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/build/precompress.ts';
import { prerenderLanding } from './scripts/build/prerender.ts';
import { devInspect } from './scripts/atlas/vite-dev-inspect.ts';

/** The year written into the prerendered footer; the footer hydrates from it (src/ui/footer.tsx). */
const buildYear = String(new Date().getFullYear());

export default defineConfig({
  plugins: [react(), prerenderLanding({ buildYear }), precompress(), devInspect()],
  define: { 'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(buildYear) },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Every browser the portal supports has <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs (React, the router): one chunk compresses better than four.
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 20 },
            // XState and its React binding: every page behind a token runs it; the landing page loads it with the first
            // interaction (issue 6). Not xstate/graph (path generation, only the workflow atlas uses it — issue 11).
            { name: 'xstate', test: /node_modules[\\/](xstate(?=[\\/](?!dist[\\/]xstate-graph))|@xstate[\\/]react|use-sync-external-store|use-isomorphic-layout-effect)[\\/]/, priority: 20 },
            // The landing page and its form: one request, one compression window. (Not the form's machine: it loads with
            // the first interaction; nor its model/registry entry: only the workflow atlas imports those, issue 11.)
            { name: 'landing', test: /src[\\/]features[\\/]access[\\/](landing-page|landing-content|access-layout|contact-form|use-contact-form|texts)|machines[\\/]contact-form[\\/]contact-form\.guards\.ts$|src[\\/]ui[\\/](button|native-text-field|field-recipe)/, priority: 10 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  test: {
    globals: false,
    setupFiles: ['tests/setup.ts'],
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 30000,
    hookTimeout: 60000,
    fileParallelism: true,
    pool: 'forks',
    // Two test files at once on a 2-core machine (the default leaves one core free, i.e. one file at a time): most of
    // a file's time is starting its database or DOM and waiting on it, so two halve the suite's wall time.
    maxWorkers: 2,
  },
});
