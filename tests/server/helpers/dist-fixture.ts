/**
 * A stand-in for the build output (`dist/`) that the HTML tests serve: a temporary folder with the landing page and
 * the files a test names, and a server started on it with two contacts' tokens (the demo contact's and the other's).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from './app.js';

export const LANDING_HTML = '<!doctype html><html><head></head><body><div id="root" data-prerendered="/">LANDING</div></body></html>';

/** A new temporary folder named after `prefix`. */
export const makeDist = (prefix: string) => mkdtempSync(path.join(tmpdir(), prefix));

/** Writes `index.html` (the landing page) and `files` (by path below `dist`; an object is written as JSON). */
export function writeDist(dist: string, files: Record<string, string | object>) {
  writeFileSync(path.join(dist, 'index.html'), LANDING_HTML);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    writeFileSync(path.join(dist, name), typeof content === 'string' ? content : JSON.stringify(content));
  }
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
