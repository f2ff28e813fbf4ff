// @vitest-environment node
/**
 * The contracts' parsed form kept between processes (server/http/contract.ts): a process start reads the JSON copy of a
 * contract whose YAML it has seen before instead of parsing 520 KB of YAML again — and a copy that is missing, cut
 * short or not JSON never changes what the server validates against.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadContract, parsedCopyPath } from '../../server/http/contract';

const dir = mkdtempSync(path.join(os.tmpdir(), 'pp-contract-'));
const texts: string[] = [];
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  for (const text of texts) rmSync(parsedCopyPath(text), { force: true });
});

/** The portal contract with a marker of this run in its description: a text of its own, so a copy of its own. */
function contractFile(name: string, marker: string): { file: string; text: string } {
  const text = readFileSync('openapi/portal.yaml', 'utf8').replace(/^info:\n/m, `info:\n  x-test-run: "${marker}"\n`);
  const file = path.join(dir, name);
  writeFileSync(file, text);
  texts.push(text);
  return { file, text };
}

describe('the parsed contract kept between processes', () => {
  const marker = `${process.pid}-${Date.now()}`;

  it('is written at the first load and is exactly what the YAML says', () => {
    const { file, text } = contractFile('first.yaml', marker);
    rmSync(parsedCopyPath(text), { force: true });
    const loaded = loadContract(file);
    expect(loaded).toEqual(parse(text));
    expect(existsSync(parsedCopyPath(text))).toBe(true);
    expect(JSON.parse(readFileSync(parsedCopyPath(text), 'utf8'))).toEqual(parse(text));
  });

  it('is read by the next load of the same text (another file, another process)', () => {
    const { file, text } = contractFile('second.yaml', marker);
    const copy = parsedCopyPath(text);
    expect(existsSync(copy)).toBe(true);
    // what the copy says is what is loaded: the YAML is not parsed again
    const kept = JSON.parse(readFileSync(copy, 'utf8'));
    writeFileSync(copy, JSON.stringify({ ...kept, 'x-read-from': 'the copy' }));
    expect(loadContract(file)['x-read-from']).toBe('the copy');
    writeFileSync(copy, JSON.stringify(kept));
  });

  it('cut short or not JSON: the YAML is parsed again and the copy made whole', () => {
    const { file, text } = contractFile('third.yaml', `${marker}-cut`);
    loadContract(file);
    const copy = parsedCopyPath(text);
    writeFileSync(copy, readFileSync(copy, 'utf8').slice(0, 1000));
    const again = contractFile('fourth.yaml', `${marker}-cut`);
    expect(loadContract(again.file)).toEqual(parse(text));
    expect(JSON.parse(readFileSync(copy, 'utf8'))).toEqual(parse(text));
  });

  it('a changed contract is a new text: its own copy, never the old one', () => {
    const one = contractFile('a.yaml', `${marker}-a`);
    const two = contractFile('b.yaml', `${marker}-b`);
    expect(parsedCopyPath(one.text)).not.toBe(parsedCopyPath(two.text));
    expect((loadContract(one.file).info as Record<string, unknown>)['x-test-run']).toBe(`${marker}-a`);
    expect((loadContract(two.file).info as Record<string, unknown>)['x-test-run']).toBe(`${marker}-b`);
    for (const { text } of [one, two]) rmSync(parsedCopyPath(text), { force: true });
  });
});
