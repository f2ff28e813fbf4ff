/**
 * The workflow atlas: an analyst opens /atlas from the running portal, sees every registered workflow
 * grouped by feature, and each one's diagram renders with all its state names visible, opened fitted to its frame
 * (scaled to it, centred); table names wrap only at their dots; the definition downloads and copies as
 * `createMachine` code and as JSON; axe finds nothing serious.
 */
import { expect } from '@playwright/test';
import { machineRegistry } from '../../machines/registry';
import { chartToDiagram } from '../../src/atlas/chart-to-diagram';
import { FIT_PADDING, MAX_FIT_SCALE } from '../../src/atlas/fit';
import { stateTitle } from '../../src/atlas/layout';
import { atlasTexts as t } from '../../src/features/atlas/texts';
import { expectNoSeriousA11yViolations, test } from './support';

test('the atlas lists every registered workflow by feature, with its purpose', async ({ page }) => {
  await page.goto('/atlas');
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  await expect(page.getByTestId('atlas-machine')).toHaveCount(machineRegistry.length);
  for (const entry of machineRegistry) {
    const item = page.getByTestId('atlas-machine').filter({ has: page.getByRole('link', { name: entry.id, exact: true }) });
    await expect(item).toContainText(entry.purpose ?? entry.description);
    if (entry.feature) await expect(page.getByRole('heading', { level: 2, name: entry.feature, exact: true })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
});

test('every workflow’s diagram renders with all its state names visible', async ({ page }, testInfo) => {
  // Every chart, opened and read whole: on the analyst's desktop (the atlas's list and tables are checked at 375 px by
  // the other tests of this file). Opened as an analyst does, by its link in the list and back: one page load, not one
  // per chart (each load parsed the atlas's every chart again: 120 s of a CI run's journeys). The diagram is mounted
  // anew for each chart all the same (MachineDetail is keyed by the chart).
  test.skip(testInfo.project.name !== 'desktop', 'every chart once, on a desktop');
  test.setTimeout(240_000);
  await page.goto('/atlas');
  for (const entry of machineRegistry) {
    await page.getByRole('link', { name: entry.id, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/atlas/${entry.id}$`));
    const diagram = page.getByTestId('atlas-diagram');
    await expect(diagram.locator('svg')).toBeVisible({ timeout: 20_000 });
    // Opened fitted: centred in its frame on both axes, and as large as the frame allows (one axis filled less the
    // padding, unless the enlargement limit holds a small chart).
    const fitted = async () => {
      const [frame, svg, transform] = await Promise.all([
        page.getByTestId('atlas-viewport').boundingBox(),
        diagram.locator('svg').boundingBox(),
        diagram.evaluate((el) => (el as HTMLElement).style.transform),
      ]);
      const scale = Number(/scale\(([\d.]+)\)/.exec(transform)?.[1]);
      const offCentre = Math.max(Math.abs(svg!.x + svg!.width / 2 - (frame!.x + frame!.width / 2)), Math.abs(svg!.y + svg!.height / 2 - (frame!.y + frame!.height / 2)));
      const room = Math.min(frame!.width - 2 - 2 * FIT_PADDING - svg!.width, frame!.height - 2 - 2 * FIT_PADDING - svg!.height);
      return offCentre <= 2 && room >= -2 && (room <= 2 || scale >= MAX_FIT_SCALE) ? 'fitted' : `off by ${offCentre.toFixed(1)} px, ${room.toFixed(1)} px to spare at ${scale}`;
    };
    await expect.poll(fitted, { message: `${entry.id} opens fitted` }).toBe('fitted');
    const drawn = chartToDiagram(entry.machine).states;
    // Every state's name read in one pass over the page (the diagram is still once fitted): shown (a box, not
    // hidden), its text, and drawn inside the viewport after "fit" (not panned away).
    const names = await diagram.evaluate((el, ids) => {
      const viewport = document.querySelector('[data-testid="atlas-viewport"]')!.getBoundingClientRect();
      return ids.map((id) => {
        const name = el.querySelector(`[data-state-id="${CSS.escape(id)}"] .name`);
        if (!name) return { id, shown: false, text: null, inside: false };
        const box = name.getBoundingClientRect();
        const style = getComputedStyle(name);
        const shown = box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
        const text = (name.textContent ?? '').replace(/\s+/g, ' ').trim();
        return { id, shown, text, inside: box.left >= viewport.left - 1 && box.right <= viewport.right + 1 };
      });
    }, drawn.map((state) => state.id));
    expect(names).toEqual(drawn.map((state) => ({ id: state.id, shown: true, text: state.kind === 'parallel' ? `${stateTitle(state)} ∥` : stateTitle(state), inside: true })));
    await expect(page.getByTestId('atlas-states').locator('tbody tr')).toHaveCount(drawn.length);
    await expect(page.getByTestId('coverage-generated')).toContainText('(100 %)', { timeout: 20_000 });
    // the recorded walks load with the chart: their figures and test files in a build made after the view tests, else
    // the note that this build has none
    const walks = page.getByTestId('coverage-walks');
    await expect(walks).not.toHaveText(t.walksLoading);
    const walksShown = (await walks.textContent()) ?? '';
    expect(walksShown === t.noWalk || /^states \d+\/\d+ \(\d+ %\) · transitions \d+\/\d+ \(\d+ %\) — tests\//.test(walksShown), walksShown).toBe(true);
    await page.getByRole('link', { name: t.back }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  }
});

test('a diagram pans and zooms with the keyboard; the definition downloads and copies as Stately-importable JSON', async ({ page, context, browserName }) => {
  await page.goto('/atlas/paymentMethodDelete');
  const diagram = page.getByTestId('atlas-diagram');
  await expect(diagram.locator('svg')).toBeVisible();
  const transform = () => diagram.evaluate((el) => (el as HTMLElement).style.transform);
  const fitted = await transform();
  await page.getByTestId('atlas-viewport').focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(transform).not.toBe(fitted);
  await page.keyboard.press('+');
  await expect.poll(transform).toContain('scale(');
  const zoomed = await transform();
  await page.keyboard.press('0');
  await expect.poll(transform).toBe(fitted);
  expect(zoomed).not.toBe(fitted);

  // The code the Stately editor and the XState visualizer take, as a file and on the clipboard.
  const downloadingCode = page.waitForEvent('download');
  await page.getByRole('button', { name: t.downloadCode }).click();
  const codeFile = await downloadingCode;
  expect(codeFile.suggestedFilename()).toBe('paymentMethodDelete.machine.ts');
  const code = await (await import('node:fs/promises')).readFile((await codeFile.path())!, 'utf8');
  expect(code).toMatch(/^import \{ createMachine \} from 'xstate';$/m);
  expect(code).toMatch(/^export const machine = createMachine\(\{$/m);
  expect(code).toContain("id: 'paymentMethodDelete'");
  expect(code).not.toContain('xstate.assign');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: t.download }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('paymentMethodDelete.machine.json');
  const file = await download.path();
  const json = JSON.parse(await (await import('node:fs/promises')).readFile(file!, 'utf8'));
  expect(json).toMatchObject({ id: 'paymentMethodDelete', initial: 'checkingUsage' });
  expect(json.states.checkingUsage.invoke.src).toBe('checkPaymentMethodUsage');

  if (browserName === 'chromium') {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: t.copy }).click();
    await expect(page.getByRole('status').filter({ hasText: t.copied })).toBeVisible();
    expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual(json);
    await page.getByRole('button', { name: t.copyCode }).click();
    await expect(page.getByRole('status').filter({ hasText: t.codeCopied })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  }
  await expectNoSeriousA11yViolations(page);
});

test('state names in the tables wrap only after their dots, never inside a word', async ({ page }) => {
  await page.goto('/atlas/click2pay');
  const cells = page.getByTestId('atlas-states').locator('tbody tr td:first-child');
  await expect(cells).toHaveCount(chartToDiagram(machineRegistry.find((e) => e.id === 'click2pay')!.machine).states.length);
  await expect(cells.nth(1)).toHaveCSS('word-break', 'keep-all');
  await expect(cells.nth(1)).toHaveCSS('overflow-wrap', 'normal');
  // Each piece between two dots is one text node: its glyphs all sit on one line.
  const broken = await cells.evaluateAll((tds) =>
    tds.flatMap((td) =>
      [...td.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent).flatMap((n) => {
        const range = document.createRange();
        range.selectNodeContents(n);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        return tops.size > 1 ? [td.textContent] : [];
      }),
    ),
  );
  expect(broken).toEqual([]);
});
