/**
 * A stand-in for the build output (`dist/`) that the HTML tests serve: a temporary folder with the landing page and
 * the files a test names, and a server started on it with two contacts' tokens (the demo contact's and the other's).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from './app.js';
import { SCRIPT_INVENTORY_FILE, sha384Integrity, type ScriptInventory } from '../../../server/http/script-integrity.js';

export const LANDING_HTML = '<!doctype html><html><head></head><body><div id="root" data-prerendered="/">LANDING</div></body></html>';

/** A new temporary folder named after `prefix`. */
export const makeDist = (prefix: string) => mkdtempSync(path.join(tmpdir(), prefix));

/**
 * Writes `index.html` (the landing page) and `files` (by path below `dist`; an object is written as JSON), and — as
 * the build always does — a script inventory of its JS files (writeFixtureInventory), unless `files` has one.
 */
export function writeDist(dist: string, files: Record<string, string | object>) {
  writeFileSync(path.join(dist, 'index.html'), LANDING_HTML);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    writeFileSync(path.join(dist, name), typeof content === 'string' ? content : JSON.stringify(content));
  }
  if (!(SCRIPT_INVENTORY_FILE in files)) writeFixtureInventory(dist);
}

/** The script inventory of a fixture's JS files (the build's, scripts/build/script-inventory.ts, for a real build). */
export function writeFixtureInventory(dist: string) {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.name.startsWith('.') ? [] : e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  const scripts = walk(dist)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ path: `/${path.relative(dist, file).split(path.sep).join('/')}`, integrity: sha384Integrity(readFileSync(file)), kind: 'shared', purpose: 'test fixture' }));
  const inventory: ScriptInventory = { version: 1, origin: 'portal', importMap: null, scripts };
  if (!existsSync(path.join(dist, '.vite'))) mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, SCRIPT_INVENTORY_FILE), JSON.stringify(inventory));
}

/** A server on `dist` with a token of the demo contact (`dana`) and one of the other contact (`marcus`). */
export async function startOnDist(dist: string): Promise<{ s: TestServer; dana: string; marcus: string }> {
  const s = await startTestServer({ config: { distDir: dist } });
  const dana = await s.token({});
  const marcus = await s.token({ contactId: s.demo.otherContactId });
  return { s, dana, marcus };
}

export async function stopOnDist(s: TestServer | undefined, dist: string) {
  await s?.close();
  rmSync(dist, { recursive: true, force: true });
}
