// @vitest-environment node
/**
 * The command-line tools on a PGlite data directory: seed, link, outbox. One tool runs as a real
 * process (exit code and message); the rest run in-process through their `main`.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CliError } from '../../server/cli/common.js';
import { main as linkMain } from '../../server/cli/link.js';
import { main as outboxMain } from '../../server/cli/outbox.js';
import { main as seedMain } from '../../server/cli/seed.js';
import { main as vendorMain } from '../../server/cli/vendor.js';
import { createDb } from '../../server/db/connect.js';
import { findToken, tokenState } from '../../server/db/tokens.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
let dataDir: string;
const savedEnv = { ...process.env };

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'pp-cli-'));
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  process.env.PUBLIC_URL = 'http://portal.example:9000';
});
afterAll(() => {
  process.env = savedEnv;
  rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Runs a CLI main and returns what it printed. */
async function output(run: () => Promise<void>): Promise<string> {
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    lines.push(args.join(' '));
  });
  await run();
  vi.restoreAllMocks();
  return lines.join('\n');
}

const TOKEN_URL = /^http:\/\/portal\.example:9000\/token\/([A-Za-z0-9_-]{43})$/;

/** Opens the data dir (after the CLIs have closed it) to check what they stored. */
async function withDb<T>(fn: (db: Awaited<ReturnType<typeof createDb>>['db']) => Promise<T>): Promise<T> {
  const handle = await createDb({ dataDir });
  try {
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}

describe('CLI tools', () => {
  it('seed loads the demo data once; --reset starts over', async () => {
    expect(await output(() => seedMain([]))).toContain('Demo data loaded');
    expect(await output(() => seedMain([]))).toContain('already has data');
    expect(await output(() => seedMain(['--reset']))).toMatch(/reset: demo data loaded \(\d+ invoices/);
  });

  it('link prints one login URL for the demo e-mail, and for the phone number as people write it', async () => {
    for (const address of ['demo@example.com', 'DEMO@Example.com', '(555) 010-2030']) {
      const printed = await output(() => linkMain([address]));
      const match = printed.match(TOKEN_URL);
      expect(match, printed).not.toBeNull();
      const token = await withDb((db) => findToken(db, match![1]));
      expect(token).toMatchObject({ type: 'login', status: 'active', vendorId: null, locationId: null });
    }
  });

  it('link --type prints one URL per vendor location of the contact (and, for autopay, a contact-wide one); --status issues that state', async () => {
    const printed = await output(() => linkMain(['demo@example.com', '--type', 'autopay', '--status', 'canceled']));
    const urls = printed.split('\n').map((l) => l.trim()).filter((l) => TOKEN_URL.test(l));
    expect(urls).toHaveLength(5);
    expect(printed).toContain('Performance Foodservice – Carolina — Magnolia Catering');
    expect(printed).toContain('Coastal Produce Co. — Blue Heron Grill');
    expect(printed).toContain('Any vendor and location (through the choosers)');
    const tokens = await withDb((db) => Promise.all(urls.map((u) => findToken(db, u.match(TOKEN_URL)![1]))));
    const scoped = tokens.filter((tk) => tk!.locationId !== null);
    expect(new Set(scoped.map((tk) => tk!.locationId)).size).toBe(4);
    for (const tk of tokens) {
      expect(tk).toMatchObject({ type: 'autopay', status: 'canceled' });
      expect(tokenState(tk!)).toBe('canceled');
    }
    // the Magnolia link carries the demo's AutoPay request
    expect(scoped.filter((tk) => tk!.requestId !== null)).toHaveLength(1);
    // The last link is contact-wide (no vendor/location) for the same request: it goes through the choosers
    const wide = tokens.at(-1)!;
    expect(wide).toMatchObject({ vendorId: null, locationId: null });
    expect(wide.requestId).toBe(scoped.find((tk) => tk!.requestId !== null)!.requestId);
  });

  it('link --demo prints the demo token set as JSON', async () => {
    const printed = JSON.parse(await output(() => linkMain(['--demo'])));
    expect(Object.keys(printed.urls).sort()).toEqual(['autopay', 'canceled', 'click2pay', 'expired', 'login', 'paymentplan']);
    expect(printed.urls.login).toBe(`http://portal.example:9000/token/${printed.tokens.login}`);
    const expired = await withDb((db) => findToken(db, printed.tokens.expired));
    expect(tokenState(expired!)).toBe('expired');
  });

  it('link refuses unknown types and addresses that match no contact', async () => {
    await expect(linkMain(['demo@example.com', '--type', 'coupon'])).rejects.toThrow(/Unknown token type "coupon"/);
    await expect(linkMain(['nobody@example.com'])).rejects.toThrow(CliError);
    await expect(linkMain(['nobody@example.com'])).rejects.toThrow('No contact matches the e-mail address "nobody@example.com".');
  });

  it('outbox prints the newest messages with channel, recipient and text', async () => {
    await withDb((db) =>
      db.insertInto('outbox').values([
        { channel: 'email', recipient: 'demo@example.com', subject: 'Your PerformancePay login link', body: 'Use this link: http://portal.example:9000/token/abc', createdAt: new Date('2026-01-01T10:00:00Z') },
        { channel: 'sms', recipient: '5550102030', subject: null, body: 'PerformancePay: your login link http://portal.example:9000/token/def', createdAt: new Date('2026-01-01T10:00:01Z') },
      ]).execute(),
    );
    const printed = await output(() => outboxMain(['--limit', '2']));
    expect(printed.indexOf('SMS to 5550102030')).toBeGreaterThanOrEqual(0);
    expect(printed.indexOf('SMS to 5550102030')).toBeLessThan(printed.indexOf('EMAIL to demo@example.com'));
    expect(printed).toContain('http://portal.example:9000/token/def');
    expect(printed).toContain('Subject: Your PerformancePay login link');
    const json = JSON.parse(await output(() => outboxMain(['--json', '--limit', '1'])));
    expect(json).toHaveLength(1);
    expect(json[0]).toMatchObject({ channel: 'sms', recipient: '5550102030' });
    await expect(outboxMain(['--limit', '0'])).rejects.toThrow(/--limit must be/);
  });

  it('tells the user to stop the server when the PGlite directory is in use', async () => {
    const handle = await createDb({ dataDir });
    try {
      await expect(outboxMain([])).rejects.toThrow(/stop the server or set DATABASE_URL/);
    } finally {
      await handle.close();
    }
  });

  it('as a process: exits 1 with a clear message when no contact matches', async () => {
    const run = promisify(execFile);
    const tsx = path.join(root, 'node_modules/.bin/tsx');
    const error = await run(tsx, [path.join(root, 'server/cli/link.ts'), 'nobody@example.com'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
    }).then(
      () => undefined,
      (e: { code: number; stderr: string }) => e,
    );
    expect(error?.code).toBe(1);
    expect(error?.stderr).toContain('No contact matches the e-mail address "nobody@example.com".');
  });
});

describe('npm run vendor: its usage and a mistyped command', () => {
  it('answers without opening a database (no data directory is made, no migration run)', async () => {
    const nowhere = path.join(mkdtempSync(path.join(tmpdir(), 'pp-cli-none-')), 'not-made');
    process.env.DATA_DIR = nowhere;
    try {
      const usage = await output(() => vendorMain(['--help']));
      expect(usage).toMatch(/^Usage:\n {2}npm run vendor -- keys create/);
      for (const argv of [[], ['keys', '-h'], ['listen', '--help']]) expect(await output(() => vendorMain(argv)), argv.join(' ')).toBe(usage);
      await expect(vendorMain(['frobnicate', '--vendor', 'x'])).rejects.toThrow(new CliError(`Unknown command "frobnicate".\n${usage}`));
      await expect(vendorMain(['keys', '--no-such-option'])).rejects.toThrow(/Unknown option '--no-such-option'[\s\S]*Usage:/);
      await expect(vendorMain(['listen', '--no-such-option'])).rejects.toThrow(/Unknown option '--no-such-option'[\s\S]*Usage:/);
      expect(existsSync(nowhere)).toBe(false);
    } finally {
      process.env.DATA_DIR = dataDir;
      rmSync(path.dirname(nowhere), { recursive: true, force: true });
    }
  });
});
