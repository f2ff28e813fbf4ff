// @vitest-environment node
/**
 * `npm run jobs` on a PGlite data directory with the demo data: `run autopay --at <the start date>` pays what is due
 * then exactly once (a second run pays nothing), `list` shows every job with its cron, bad input is a CliError.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CliError } from '../../server/cli/common.js';
import { main as jobsMain } from '../../server/cli/jobs.js';
import { createDb, migrateToLatest } from '../../server/db/connect.js';
import { seedDemo } from '../../server/seed/demo.js';

let dataDir: string;
const savedEnv = { ...process.env };
const TODAY = Temporal.PlainDate.from('2026-12-02'); // a Wednesday; the demo AutoPay (Blue Heron, ACH) starts on the 3rd

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'pp-jobs-'));
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  const handle = await createDb({ dataDir });
  await migrateToLatest(handle.db);
  await seedDemo(handle.db, { today: TODAY });
  await handle.close();
}, 60_000);
afterAll(() => {
  process.env = savedEnv;
  rmSync(dataDir, { recursive: true, force: true });
});

async function output(run: () => Promise<void>): Promise<string> {
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    await run();
  } finally {
    vi.restoreAllMocks();
  }
  return lines.join('\n');
}

describe('npm run jobs', () => {
  it('run autopay --at: before the start date nothing; on it the due invoices once; again nothing', async () => {
    expect(await output(() => jobsMain(['run', 'autopay', '--at', '2026-12-02T18:00:00Z']))).toMatch(/^autopay at 2026-12-02T18:00:00.000Z: charged 0,/);
    const first = await output(() => jobsMain(['run', 'autopay', '--at', '2026-12-03T18:00:00Z']));
    const charged = Number(/charged (\d+)/.exec(first)![1]);
    expect(charged).toBeGreaterThan(0);
    expect(await output(() => jobsMain(['run', 'autopay', '--at', '2026-12-03T18:05:00Z']))).toMatch(/charged 0,/);
    const handle = await createDb({ dataDir });
    try {
      const groups = await handle.db.selectFrom('paymentGroups').select('paymentDate').where('sourceType', '=', 'Autopay Plus').where('paymentDate', '=', '2026-12-03').execute();
      expect(groups).toHaveLength(charged);
    } finally {
      await handle.close();
    }
  }, 60_000);

  it('list shows every job and its cron; unknown jobs and bad clocks are refused', async () => {
    const listed = await output(() => jobsMain(['list']));
    for (const name of ['settlement', 'purge', 'autopay', 'plans']) expect(listed).toMatch(new RegExp(`^${name}\\s`, 'm'));
    await expect(jobsMain(['run', 'nope'])).rejects.toBeInstanceOf(CliError);
    await expect(jobsMain(['run', 'autopay', '--at', 'tomorrow'])).rejects.toThrow('--at must be an ISO time');
  }, 60_000);
});
