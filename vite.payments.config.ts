/**
 * The payments service's hosted fields page, built apart from the SPA: `dist-payments/hosted-fields.html`
 * and its hashed script and stylesheet. The payments origin serves them (server/payments-service/origin.ts) with
 * Subresource Integrity computed from the built bytes. No React, no code of the portal's pages: only the field
 * rules and texts the portal's form uses too.
 */
import { defineConfig } from 'vite';
import path from 'node:path';

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/hosted-fields'),
  base: '/hosted-fields/',
  publicDir: false,
  // plain CSS: not the portal's PostCSS (Panda scans the whole SPA for every stylesheet)
  css: { postcss: { plugins: [] } },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist-payments'),
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
    rolldownOptions: { input: { 'hosted-fields': path.resolve(import.meta.dirname, 'src/hosted-fields/hosted-fields.html') } },
  },
});
