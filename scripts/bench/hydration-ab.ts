/**
 * The token pages' arrival, hydrated against rendered twice (docs/token-page-hydration.md): each page is opened in
 * Chromium at 4× CPU slowdown, alternately as served (the app hydrates the painted page from its snapshots) and with
 * the snapshots taken out of its HTML (the app renders a second tree beneath the painted page and swaps it in, as
 * before hydration). Script time (CDP `ScriptDuration`) and long-task time from navigation until the app has the page
 * are compared per page as a ratio — both variants run on the same machine, interleaved, so load shifts both alike.
 *
 *   npx tsx scripts/bench/hydration-ab.ts --url http://127.0.0.1:8080/token/<token>/vendors/<v>/locations/<l> [--runs 5]
 *
 * Needs a running portal built for production (`npm start`), with the page's first screen rendered.
 */
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';

const { values } = parseArgs({ options: { url: { type: 'string' }, runs: { type: 'string', default: '5' }, pages: { type: 'string', default: 'vendors,locations,click2pay,invoices,payments,messages,remit,profile' } } });
if (!values.url) throw new Error('--url <location base of a token> is required');
const base = values.url.replace(/\/+$/, '');
const token = /\/token\/([^/]+)/.exec(base)![1];
const vendor = /\/vendors\/([^/]+)/.exec(base)![1];
const origin = new URL(base).origin;
const pageUrl = (name: string) =>
  name === 'vendors' ? `${origin}/token/${token}/vendors` : name === 'locations' ? `${origin}/token/${token}/vendors/${vendor}/locations` : `${base}/${name}`;

interface Sample { script: number; longTasks: number; hydrated: boolean }

async function measure(page: Page, url: string, strip: boolean): Promise<Sample | null> {
  await page.unroute('**/*');
  if (strip) {
    await page.route(url, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/<script type="application\/json" id="pp-snapshots">[\s\S]*?<\/script>/, '');
      await route.fulfill({ response, body });
    });
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    (window as unknown as { longTasks: number }).longTasks = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) (window as unknown as { longTasks: number }).longTasks += entry.duration - 50;
    }).observe({ type: 'longtask', buffered: true });
  });
  const before = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  await page.goto(url, { waitUntil: 'commit' });
  // the app has the page: hydrated, or the painted screen released after the second render
  const painted = await page.waitForFunction(() => document.readyState !== 'loading', undefined, { timeout: 30_000 }).then(() => page.evaluate(() => !!document.getElementById('pp-first-screen')));
  if (!painted) return null;
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-pp-hydrated') || (!document.getElementById('pp-first-screen') && !document.documentElement.hasAttribute('data-pp-hydrating')), undefined, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const after = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const hydrated = await page.evaluate(() => document.documentElement.hasAttribute('data-pp-hydrated'));
  const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number }).longTasks);
  await cdp.detach();
  return { script: (after.ScriptDuration - before.ScriptDuration) * 1000, longTasks, hydrated };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
console.log('page          hydrated: script  long tasks   swap: script  long tasks   script ÷   long tasks ÷');
for (const name of values.pages!.split(',')) {
  const url = pageUrl(name);
  const runs: Record<'hydrated' | 'swap', Sample[]> = { hydrated: [], swap: [] };
  for (let i = 0; i < Number(values.runs); i++) {
    for (const kind of ['hydrated', 'swap'] as const) {
      const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
      const sample = await measure(await context.newPage(), url, kind === 'swap');
      await context.close();
      if (sample && sample.hydrated === (kind === 'hydrated')) runs[kind].push(sample);
    }
  }
  const h = { script: median(runs.hydrated.map((s) => s.script)), long: median(runs.hydrated.map((s) => s.longTasks)) };
  const w = { script: median(runs.swap.map((s) => s.script)), long: median(runs.swap.map((s) => s.longTasks)) };
  console.log(`${name.padEnd(14)}${h.script.toFixed(0).padStart(12)} ms ${h.long.toFixed(0).padStart(8)} ms ${w.script.toFixed(0).padStart(12)} ms ${w.long.toFixed(0).padStart(8)} ms ${(h.script / w.script).toFixed(2).padStart(9)}× ${(h.long / Math.max(w.long, 1)).toFixed(2).padStart(10)}×   (n=${runs.hydrated.length}/${runs.swap.length})`);
}
await browser.close();
