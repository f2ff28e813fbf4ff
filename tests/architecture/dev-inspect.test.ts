// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { devInspect as devInspectPlugin } from '../../scripts/atlas/vite-dev-inspect';
import { devInspect, INSPECT_KEY, inspectionWanted } from '../../src/dev/inspect';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k), map };
}

describe('live inspection (development only, opt-in)', () => {
  it('is off by default, on with ?inspect (remembered), off again with ?inspect=off', () => {
    const storage = memoryStorage();
    expect(inspectionWanted({ search: '' }, storage)).toBe(false);
    expect(inspectionWanted({ search: '?inspect' }, storage)).toBe(true);
    expect(storage.map.get(INSPECT_KEY)).toBe('1');
    expect(inspectionWanted({ search: '?x=1' }, storage)).toBe(true);
    expect(inspectionWanted({ search: '?inspect=off' }, storage)).toBe(false);
    expect(inspectionWanted({ search: '' }, storage)).toBe(false);
  });

  it('hands actors a no-op observer while inspection is off', () => {
    expect(() => devInspect({ type: '@xstate.event' } as never)).not.toThrow();
  });

  it('applies to the dev server only (not to builds, not to vitest)', () => {
    const apply = devInspectPlugin().apply as (config: unknown, env: { command: string; mode: string }) => boolean;
    expect(apply({}, { command: 'build', mode: 'production' })).toBe(false);
    // vitest serves too: the plugin stays out of the tests.
    expect(apply({}, { command: 'serve', mode: 'development' })).toBe(!process.env.VITEST);
    const prev = process.env.VITEST;
    delete process.env.VITEST;
    try {
      expect(apply({}, { command: 'serve', mode: 'development' })).toBe(true);
    } finally {
      if (prev !== undefined) process.env.VITEST = prev;
    }
  });
});
