/**
 * npx tsx scripts/bench/lighthouse.ts [--runs N] [--no-build]
 *
 * Lighthouse 12 (node API, default mobile preset: simulated throttling, Moto G Power-class device) on the landing
 * page and the dashboard of a portal this script starts itself: `npm run build` (unless --no-build), then
 * server/main.ts on PORT 18300 (BENCH_PORT) with a fresh temporary PGlite DATA_DIR, which loads the demo data and
 * prints the demo contact's login link. The dashboard is the demo contact's location, found through the API with
 * that token. Prints score, LCP, CLS and TBT of each page beside the target (median of N runs, default 1),
 * and the landing page's JavaScript (gzip) against the bare React + react-router page (scripts/bench/baseline/).
 * Chromium: CHROME_PATH, else /usr/bin/chromium.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildBaseline, buildPortal, gzipBytes, kb, LANDING_ROUTE_MODULES, LANDING_TARGET_RATIO, pageChunks, projectRoot } from './bundle-size.ts';

const TARGET = { score: 98, lcpMs: 1800, cls: 0.02 };
const { values } = parseArgs({ options: { runs: { type: 'string', default: '1' }, 'no-build': { type: 'boolean', default: false } } });
const runs = Math.max(1, Number(values.runs) || 1);
const port = Number(process.env.BENCH_PORT || 18300);
const base = `http://127.0.0.1:${port}`;
process.env.CHROME_PATH ||= '/usr/bin/chromium';

async function startPortal(dataDir: string): Promise<{ child: ChildProcess; demoUrl: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', PUBLIC_URL: base },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const demoUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`portal did not start:\n${out}`)), 120_000);
    child.stdout!.on('data', (data: Buffer) => {
      out += data.toString();
      const match = /Open the demo: (\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`portal exited (${code}):\n${out}`)));
  });
  return { child, demoUrl };
}

async function dashboardUrl(demoUrl: string): Promise<string> {
  const token = demoUrl.slice(demoUrl.lastIndexOf('/token/') + '/token/'.length).split(/[/?#]/)[0];
  const headers = { Authorization: `ContactAccess ${token}`, Accept: 'application/json' };
  const { vendors } = (await (await fetch(`${base}/api/vendors`, { headers })).json()) as { vendors: { id: string }[] };
  const vendorId = vendors[0].id;
  const { locations } = (await (await fetch(`${base}/api/vendors/${vendorId}/locations`, { headers })).json()) as { locations: { id: string }[] };
  return `${base}/token/${token}/vendors/${vendorId}/locations/${locations[0].id}`;
}

interface Figures {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

class RuntimeError extends Error {
  constructor(readonly code: string, message: string) {
    super(`${code}: ${message}`);
  }
}

/** One audit; a run Lighthouse could not record is reported and run again (at most twice). */
async function auditOnce(url: string): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url);
    } catch (error) {
      if (!(error instanceof RuntimeError) || attempt >= 3) throw error;
      console.log(`  (Lighthouse could not record a run of ${new URL(url).pathname.slice(0, 24)}…: ${error.code}; running it again)`);
    }
  }
}

async function audit(url: string): Promise<Figures> {
  const { launch } = await import('chrome-launcher');
  const lighthouse = (await import('lighthouse')).default;
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error('no Lighthouse result');
    // A run Lighthouse itself could not record (e.g. NO_NAVSTART: the trace lacks the navigation) has no figures, not
    // a score of 0: it is reported and run again (main), never counted.
    if (result.lhr.runtimeError) throw new RuntimeError(result.lhr.runtimeError.code, result.lhr.runtimeError.message);
    const { audits, categories } = result.lhr;
    return {
      score: Math.round((categories.performance.score ?? 0) * 100),
      lcpMs: audits['largest-contentful-paint'].numericValue ?? NaN,
      cls: audits['cumulative-layout-shift'].numericValue ?? NaN,
      tbtMs: audits['total-blocking-time'].numericValue ?? NaN,
    };
  } finally {
    chrome.kill();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function row(page: string, all: Figures[]) {
  const f: Figures = { score: median(all.map((x) => x.score)), lcpMs: median(all.map((x) => x.lcpMs)), cls: median(all.map((x) => x.cls)), tbtMs: median(all.map((x) => x.tbtMs)) };
  const mark = (ok: boolean) => (ok ? 'ok ' : 'MISS');
  console.log(
    `${page.padEnd(10)} score ${String(f.score).padStart(3)} (≥ ${TARGET.score}) ${mark(f.score >= TARGET.score)} | ` +
      `LCP ${(f.lcpMs / 1000).toFixed(2)} s (≤ ${TARGET.lcpMs / 1000} s) ${mark(f.lcpMs <= TARGET.lcpMs)} | ` +
      `CLS ${f.cls.toFixed(3)} (≤ ${TARGET.cls}) ${mark(f.cls <= TARGET.cls)} | TBT ${Math.round(f.tbtMs)} ms` +
      (all.length > 1 ? `   [runs: ${all.map((x) => x.score).join(', ')}]` : ''),
  );
}

async function main() {
  if (!values['no-build']) {
    const built = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  const work = mkdtempSync(path.join(tmpdir(), 'landing-bench-'));
  const { child, demoUrl } = await startPortal(path.join(work, 'data'));
  try {
    const pages = { landing: `${base}/`, dashboard: await dashboardUrl(demoUrl) };
    const results: Record<string, Figures[]> = { landing: [], dashboard: [] };
    for (let i = 0; i < runs; i++) {
      for (const [name, url] of Object.entries(pages)) results[name].push(await auditOnce(url));
    }
    console.log(`\nLighthouse 12, mobile preset (simulated throttling), median of ${runs} run(s):`);
    for (const name of Object.keys(pages)) row(name, results[name]);
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  }
  // Bundle figures from their own builds in the temporary folder (dist/ is left as the server had it).
  const portal = await buildPortal(path.join(work, 'portal'));
  const baseline = await buildBaseline(path.join(work, 'baseline'));
  const landing = gzipBytes(portal, pageChunks(portal, LANDING_ROUTE_MODULES));
  const bare = gzipBytes(baseline, pageChunks(baseline));
  console.log(`landing JS (gzip) ${kb(landing)} vs bare React 19 + react-router 7 ${kb(bare)}: ${(landing / bare).toFixed(2)}× (≤ ${LANDING_TARGET_RATIO}×)`);
  rmSync(work, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
