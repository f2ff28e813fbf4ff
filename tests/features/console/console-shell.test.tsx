// @vitest-environment happy-dom
/**
 * console.html paints the frame's loading state from the HTML, before any script has run: its root holds exactly what
 * the frame renders while it learns who is signed in (FrameLoading), so the first script's render replaces it with no
 * visible change and the page has something to show from its first byte.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FrameLoading } from '../../../src/console/frame';
import { consoleTexts } from '../../../src/console/texts';

const html = readFileSync(path.join(__dirname, '../../../console.html'), 'utf8');
const root = /<div id="root">([\s\S]*?)<\/div>\s*(?:<script|<\/body>)/.exec(html)?.[1] ?? '';

describe('the console page before its scripts', () => {
  it('holds the frame’s loading state, as the frame renders it', () => {
    expect(root).toBe(renderToStaticMarkup(<FrameLoading />));
  });

  it('names the product and says it is loading (for a screen reader, once)', () => {
    document.body.innerHTML = root;
    expect(document.querySelector('h1')?.textContent).toBe(consoleTexts.productName);
    expect(document.querySelectorAll('[role=status]')).toHaveLength(1);
    expect(document.querySelector('[role=status]')?.textContent).toBe(consoleTexts.frame.loading);
  });
});
