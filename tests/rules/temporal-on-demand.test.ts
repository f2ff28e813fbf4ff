/**
 * Temporal on demand (core/rules/temporal-on-demand.ts): the browser's own Temporal when it has one — nothing to
 * download before the first screen's dated announcement is checked — else the polyfill, loaded once.
 */
import { Temporal as Polyfill } from 'temporal-polyfill';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const global = globalThis as { Temporal?: unknown };
const had = 'Temporal' in global;
const original = global.Temporal;

// a fresh module for each test: an earlier file of the same worker (the `logic` project shares module graphs) may
// have loaded Temporal through it already
beforeEach(() => {
  vi.resetModules();
});

afterEach(() => {
  if (had) global.Temporal = original;
  else delete global.Temporal;
  vi.resetModules();
});

describe('loadTemporal', () => {
  it("uses the browser's own Temporal when there is one", async () => {
    const native = { Now: { zonedDateTimeISO: () => Polyfill.Now.zonedDateTimeISO() } };
    global.Temporal = native;
    const { loadTemporal, loadedTemporal } = await import('../../core/rules/temporal-on-demand');
    expect(loadedTemporal()).toBeUndefined();
    await expect(loadTemporal()).resolves.toBe(native);
    expect(loadedTemporal()).toBe(native);
  });

  it('loads the polyfill when the browser has none, once', async () => {
    delete global.Temporal;
    const { loadTemporal, loadedTemporal } = await import('../../core/rules/temporal-on-demand');
    const api = await loadTemporal();
    expect(api).toBe(Polyfill);
    expect(await loadTemporal()).toBe(api);
    expect(loadedTemporal()?.Now.zonedDateTimeISO('UTC').toPlainDate().until('2999-01-01', { largestUnit: 'days' }).sign).toBe(1);
  });
});

describe('browserToday', () => {
  it("is today in the browser's zone at once: from the Date API before Temporal is loaded, from Temporal after", async () => {
    delete global.Temporal;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // late in the evening, local time: a UTC reading would already be tomorrow in the Americas
      vi.setSystemTime(new Date(2026, 11, 31, 23, 30));
      const { browserToday, loadTemporal, loadedTemporal } = await import('../../core/rules/temporal-on-demand');
      expect(loadedTemporal()).toBeUndefined();
      expect(browserToday()).toBe('2026-12-31');
      vi.setSystemTime(new Date(2027, 0, 5, 0, 10));
      expect(browserToday()).toBe('2027-01-05');
      await loadTemporal();
      expect(browserToday()).toBe(Polyfill.Now.plainDateISO().toString());
      expect(browserToday()).toBe('2027-01-05');
    } finally {
      vi.useRealTimers();
    }
  });

  it("uses the browser's own Temporal when there is one", async () => {
    global.Temporal = { Now: { zonedDateTimeISO: () => Polyfill.Now.zonedDateTimeISO(), plainDateISO: () => Polyfill.PlainDate.from('2030-02-03') } };
    const { browserToday } = await import('../../core/rules/temporal-on-demand');
    expect(browserToday()).toBe('2030-02-03');
  });
});
