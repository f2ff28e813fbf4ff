/**
 * The payments service's hosted fields page, built apart from the SPA: `dist-payments/hosted-fields.html`
 * and its hashed script and stylesheet. The payments origin serves them (server/payments-service/origin.ts) with
 * Subresource Integrity computed from the built bytes. No React, no code of the portal's pages: only the field
 * rules and texts the portal's form uses too.
 */
import { defineConfig } from 'vite';
import path from 'node:path';
import { scriptInventory } from './scripts/build/script-inventory.ts';

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/hosted-fields'),
  base: '/hosted-fields/',
  publicDir: false,
  // dist-payments/.vite/script-inventory.json: the hosted fields page's scripts with their integrity and purpose (the
  // origin stamps the integrity into the page as it serves it: server/payments-service/origin.ts).
  plugins: [
    scriptInventory({
      origin: 'payments',
      stampHtml: false,
      entryPurpose: 'The hosted card and bank-account fields (src/hosted-fields/): field checks, tokenization on the payments origin, messages to the framing portal page.',
    }),
  ],
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
