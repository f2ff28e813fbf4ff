/**
 * The adaptive concurrency limit (server/http/adaptive-limit.ts) against a simulated server: a CPU of `cores` shared
 * by what is in progress, so a request admitted with n in progress takes service × max(1, n ÷ cores) — latency grows
 * with concurrency and throughput does not. Simulated time: no clock, no flake.
 */
import { describe, expect, it } from 'vitest';
import { AdaptiveConcurrencyLimit } from '../../server/http/adaptive-limit.js';

interface Load {
  /** ms between arrivals, or a burst of `size` every `everyMs` */
  intervalMs?: number;
  burst?: { size: number; everyMs: number };
  serviceMs: number;
  cores: number;
  durationMs: number;
  /** extra latency of every request (another program on the machine), ms */
  slowdownMs?: number;
  /** every `slowEvery`-th admitted request takes `slowMs` more (a document, a call-out: time that is not the CPU's) */
  slowEvery?: number;
  slowMs?: number;
}

/** The load's arrivals from `from` for `durationMs`; requests still in progress at the end are answered then. */
function simulate(limiter: AdaptiveConcurrencyLimit, load: Load, from = 0) {
  const finishing: { at: number; latency: number }[] = [];
  let inFlight = 0;
  let admitted = 0;
  let arrivalsAdmitted = 0;
  let shed = 0;
  const latencies: number[] = [];
  const limits: number[] = [];
  const arrivals: number[] = [];
  for (let t = from; t < from + load.durationMs; ) {
    if (load.burst) {
      for (let i = 0; i < load.burst.size; i += 1) arrivals.push(t);
      t += load.burst.everyMs;
    } else {
      arrivals.push(t);
      t += load.intervalMs!;
    }
  }
  const complete = (until: number) => {
    finishing.sort((a, b) => a.at - b.at);
    while (finishing.length && finishing[0]!.at <= until) {
      const done = finishing.shift()!;
      inFlight -= 1;
      latencies.push(done.latency);
      limiter.answered(done.latency, done.at);
    }
  };
  for (const at of arrivals) {
    complete(at);
    limits.push(limiter.limit);
    if (!limiter.admit(inFlight, at)) {
      shed += 1;
      continue;
    }
    inFlight += 1;
    admitted += 1;
    arrivalsAdmitted += 1;
    const slow = load.slowEvery && arrivalsAdmitted % load.slowEvery === 0 ? load.slowMs! : 0;
    const latency = load.serviceMs * Math.max(1, inFlight / load.cores) + (load.slowdownMs ?? 0) + slow;
    finishing.push({ at: at + latency, latency });
  }
  complete(Infinity);
  const sorted = [...latencies].sort((a, b) => a - b);
  const tail = sorted.slice(Math.floor(sorted.length / 2));
  return { admitted, shed, limits, p50: sorted[Math.floor(sorted.length * 0.5)]!, p99: sorted[Math.floor(sorted.length * 0.99)]!, lateMean: tail.reduce((a, b) => a + b, 0) / tail.length };
}

const defaults = { initial: 32, min: 4, max: 256, tolerance: 1.5 };
/** 2 cores, 10 ms of work each: 200 req/s served; 2,000 req/s offered (10×) */
const TENFOLD = { intervalMs: 0.5, serviceMs: 10, cores: 2 };

describe('adaptive concurrency limit', () => {
  it('started into an overload, it probes at its minimum for a baseline, then holds latency near tolerance × that baseline', () => {
    const limiter = new AdaptiveConcurrencyLimit(defaults);
    const run = simulate(limiter, { ...TENFOLD, durationMs: 20_000 });
    const state = limiter.state();
    // it probed at once (the limit reached before anything was known), then started again from twice its minimum
    // instead of going back to the 32 it had met the overload with
    const probed = run.limits.indexOf(4);
    expect(probed).toBeGreaterThanOrEqual(0);
    expect(Math.max(...run.limits.slice(probed))).toBeLessThanOrEqual(12);
    // the baseline is the latency with 4 in progress on 2 cores: 20 ms
    expect(state.baselineMs).toBeGreaterThanOrEqual(10);
    expect(state.baselineMs).toBeLessThanOrEqual(25);
    // the limit left 32 for what 2 cores serve at about 1.5 × the baseline's latency
    expect(state.limit).toBeLessThanOrEqual(8);
    expect(state.limit).toBeGreaterThanOrEqual(4);
    // with a fixed 32 every admitted request would take 160 ms; settled, they take about 1.5–2 × 20 ms
    const settled = simulate(limiter, { ...TENFOLD, durationMs: 5_000 }, 20_000);
    expect(settled.p99).toBeLessThanOrEqual(40);
    expect(settled.shed).toBeGreaterThan(settled.admitted); // the excess is answered at once, not queued
    expect(run.admitted).toBeGreaterThan(3_000); // and throughput holds: ~200 req/s over 20 s
  });

  it('a long overload does not raise its baseline: each probe measures it again at the minimum', () => {
    const limiter = new AdaptiveConcurrencyLimit({ ...defaults, probeIntervalMs: 5_000 });
    simulate(limiter, { ...TENFOLD, durationMs: 60_000 });
    const { baselineMs, limit } = limiter.state();
    expect(baselineMs).toBeLessThanOrEqual(25);
    expect(limit).toBeLessThanOrEqual(12);
  });

  it('grows while latency stays under tolerance × baseline, up to its maximum', () => {
    const limiter = new AdaptiveConcurrencyLimit({ ...defaults, max: 64 });
    // 64 cores: latency does not grow until 64 are in progress; 6,400 req/s offered
    simulate(limiter, { intervalMs: 0.1, serviceMs: 10, cores: 64, durationMs: 10_000 });
    expect(limiter.limit).toBe(64);
  });

  it('never refuses a quiet server’s bursts, even when latency is high for reasons of its own', () => {
    const limiter = new AdaptiveConcurrencyLimit(defaults);
    // a page's 12 requests at once every 300 ms, on a machine busy with something else (+200 ms each)
    const run = simulate(limiter, { burst: { size: 12, everyMs: 300 }, serviceMs: 10, cores: 2, durationMs: 30_000, slowdownMs: 200 });
    expect(run.shed).toBe(0);
    expect(Math.min(...run.limits)).toBe(32);
  });

  it('after an overload, a quiet server’s bursts are served again within seconds, even while a probe was under way', () => {
    const limiter = new AdaptiveConcurrencyLimit({ ...defaults, probeIntervalMs: 2_000 });
    simulate(limiter, { ...TENFOLD, durationMs: 20_000 });
    expect(limiter.limit).toBeLessThan(12);
    // the overload ends; a page's 12 requests at once every 300 ms
    const after = simulate(limiter, { burst: { size: 12, everyMs: 300 }, serviceMs: 10, cores: 2, durationMs: 10_000 }, 20_000);
    const late = after.limits.slice(Math.floor(after.limits.length / 2));
    expect(Math.min(...late)).toBeGreaterThanOrEqual(12);
    // an overload that stops in the middle of a probe: the probe ends with the traffic, and the next burst is served
    const probing = new AdaptiveConcurrencyLimit({ ...defaults, probeIntervalMs: 1_000 });
    let t = 0;
    for (; t < 60_000 && !probing.state().probing; t += 1_000) simulate(probing, { ...TENFOLD, durationMs: 1_000 }, t);
    simulate(probing, { ...TENFOLD, durationMs: 1 }, t);
    expect(probing.state().probing).toBe(true);
    const burst = simulate(probing, { burst: { size: 12, everyMs: 10_000 }, serviceMs: 10, cores: 2, durationMs: 1 }, t + 6_000);
    expect(probing.state().probing).toBe(false);
    expect(burst.shed).toBe(0);
  });

  it('a few slow requests (a document, a call-out) among fast ones do not drive it to its floor', () => {
    const limiter = new AdaptiveConcurrencyLimit(defaults);
    // 2 cores 75 % busy with 10 ms requests; one in 100 also waits 2 s for something that is not the CPU (about 3 of
    // them in progress at any time)
    const run = simulate(limiter, { intervalMs: 6.7, serviceMs: 10, cores: 2, durationMs: 60_000, slowEvery: 100, slowMs: 2_000 });
    expect(run.shed / (run.shed + run.admitted)).toBeLessThan(0.02);
    expect(limiter.limit).toBeGreaterThanOrEqual(16);
  });

  it('its gradient decides: with latency tolerated without bound it grows under the same overload instead', () => {
    const limiter = new AdaptiveConcurrencyLimit({ ...defaults, tolerance: 100 });
    simulate(limiter, { ...TENFOLD, durationMs: 20_000 });
    expect(limiter.limit).toBeGreaterThan(32);
  });

  it('shrinks when latency rises under its own load, and grows back when the cause is gone', () => {
    const limiter = new AdaptiveConcurrencyLimit(defaults);
    simulate(limiter, { intervalMs: 1, serviceMs: 5, cores: 8, durationMs: 10_000 });
    const roomy = limiter.limit;
    // the same load on a machine with a quarter of the cores (another tenant took them)
    simulate(limiter, { intervalMs: 1, serviceMs: 5, cores: 2, durationMs: 10_000 }, 10_000);
    const tight = limiter.limit;
    expect(tight).toBeLessThan(roomy);
    simulate(limiter, { intervalMs: 0.2, serviceMs: 5, cores: 8, durationMs: 20_000 }, 20_000);
    expect(limiter.limit).toBeGreaterThan(tight);
  });

  it('refuses bounds that cannot hold', () => {
    expect(() => new AdaptiveConcurrencyLimit({ ...defaults, min: 0 })).toThrow(RangeError);
    expect(() => new AdaptiveConcurrencyLimit({ ...defaults, min: 10, max: 5 })).toThrow(RangeError);
    expect(() => new AdaptiveConcurrencyLimit({ ...defaults, tolerance: 0.5 })).toThrow(RangeError);
    expect(new AdaptiveConcurrencyLimit({ ...defaults, initial: 1_000 }).limit).toBe(256);
  });
});
