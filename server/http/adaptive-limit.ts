/**
 * An adaptive concurrency limit: how many requests from the network this process works on at once, learnt from
 * their latency (a gradient limit, as Envoy's adaptive-concurrency filter and Netflix's concurrency-limits do).
 *
 * A server that admits more work than its CPU and database can do at once does not finish it sooner: each request
 * waits behind the others, so latency grows with the requests in progress while throughput stays flat. The limit
 * finds the point where admitting more only adds waiting, without a bound tuned by hand for the machine:
 *
 * - Answers are measured in windows (at least `windowMs`, at least the last window's typical latency, and at least
 *   `minSamples` answers): the window's **typical** latency, the mean of its fastest 90 % (a few slow requests, a
 *   statement's PDF, do not move it; a mix of heavier requests does), and how many requests were in progress on
 *   average over the window's time.
 * - A window is **busy** when that average is at least half the limit: the limit is what holds the work back. Only
 *   when two windows in a row are busy does the limit act. A page's burst of requests, answered within a few tens of
 *   milliseconds, leaves the window's average low: a quiet server never acts on it.
 * - The **baseline** is the typical latency with at most `min` requests in progress. A quiet window with no more than
 *   `min` in progress gives one for free. Otherwise, while busy, the limit drops to `min` for one window (a probe)
 *   and measures it: at the first busy windows, then after 2 s, 4 s, 8 s … up to `probeIntervalMs` without a
 *   fresher one (a young process's first measures are taken while its code is still being compiled). A probe counts
 *   only the requests it admitted, and ends after `minSamples` of them or after a second (with at least 3; with fewer
 *   it is dropped). Only these windows set the baseline, so a long overload cannot raise it: a limit that compared
 *   latency with its own recent past would drift upward with the load.
 * - After the first probe the limit starts again from 2 × `min`, not from where the overload found it.
 * - In busy windows: gradient = min(1, tolerance × baseline ÷ latency), not below ½. The new limit is
 *   limit × gradient + headroom: √limit while latency is within the tolerance, so a roomy machine is found quickly,
 *   else 1. A decrease is taken whole, so an overload is cut within a few windows, and one slow window can at most
 *   halve the limit. Growth is smoothed (`smoothing` of the step per window). Latency settles near tolerance × the
 *   baseline.
 * - When the work no longer holds the limit, it comes back: a window that is not busy raises it as growth does, and
 *   after `recoverAfterMs` without a busy window it is back at `initial` at once. The limit stays between `min`
 *   and `max`.
 *
 * Pure: the caller asks `admit` for each request, with the in-progress count it meets, and tells `answered` each
 * admitted request's latency, with the time.
 */
export interface AdaptiveLimitOptions {
  /** where the limit starts, and where it comes back to once the load has gone */
  initial: number;
  /** the lowest limit, and the concurrency of a probe */
  min: number;
  /** the highest limit */
  max: number;
  /** latency allowed, as a multiple of the baseline, before the limit shrinks */
  tolerance: number;
  /** a window's least length (ms) */
  windowMs?: number;
  /** a window's least number of answers */
  minSamples?: number;
  /** how long a baseline is trusted while the limit is busy (ms) */
  probeIntervalMs?: number;
  /** the share of each window's growth that is taken (0–1) */
  smoothing?: number;
  /** after this long without a busy window the limit is back at `initial` (ms) */
  recoverAfterMs?: number;
}

export interface AdaptiveLimitState {
  limit: number;
  /** the typical latency with at most `min` requests in progress (ms); undefined until measured */
  baselineMs: number | undefined;
  probing: boolean;
}

const PROBE_TIMEOUT_MS = 1_000;
const PROBE_LEAST_SAMPLES = 3;
const FIRST_PROBE_GAP_MS = 1_000;

export class AdaptiveConcurrencyLimit {
  private readonly windowMs: number;
  private readonly minSamples: number;
  private readonly probeIntervalMs: number;
  private readonly smoothing: number;
  private readonly recoverAfterMs: number;
  private estimate: number;
  private baseline: number | undefined;
  private baselineAt = -Infinity;
  private probing = false;
  private probeStart = 0;
  private lastTypical = 0;
  /** time from one probe to the next while busy: doubled after each, up to probeIntervalMs */
  private probeGap: number;
  private busyBefore = false;
  /** no probe before this time (one that found too few answers waits its gap) */
  private noProbeBefore = -Infinity;
  private lastBusyAt = -Infinity;
  /** admitted and not yet answered (the limiter's own count, for the window's average) */
  private active = 0;
  private window = { start: Number.NaN, samples: [] as number[], area: 0, last: 0, peak: 0 };

  constructor(private readonly options: AdaptiveLimitOptions) {
    if (!(options.min >= 1 && options.max >= options.min)) throw new RangeError('the adaptive limit needs 1 ≤ min ≤ max');
    if (!(options.tolerance >= 1 && Number.isFinite(options.tolerance))) throw new RangeError('the adaptive limit tolerance must be a number of at least 1');
    this.windowMs = options.windowMs ?? 100;
    this.minSamples = options.minSamples ?? 10;
    this.probeIntervalMs = options.probeIntervalMs ?? 30_000;
    this.smoothing = options.smoothing ?? 0.2;
    this.recoverAfterMs = options.recoverAfterMs ?? 5_000;
    this.estimate = this.clamp(options.initial);
    this.probeGap = Math.min(FIRST_PROBE_GAP_MS, this.probeIntervalMs);
  }

  /** How many requests may be in progress now. */
  get limit(): number {
    return this.probing ? this.options.min : Math.floor(this.estimate);
  }

  state(): AdaptiveLimitState {
    return { limit: this.limit, baselineMs: this.baseline, probing: this.probing };
  }

  /** A request arrives with `inProgress` others in progress: admitted (true) or to be shed (false). */
  admit(inProgress: number, now: number): boolean {
    this.tick(now);
    if (!this.probing && this.estimate < this.options.initial && now - this.lastBusyAt >= this.recoverAfterMs) {
      this.estimate = this.clamp(this.options.initial);
    }
    if (inProgress >= this.limit) return false;
    this.active += 1;
    this.window.peak = Math.max(this.window.peak, this.active);
    return true;
  }

  /** An admitted request was answered after `latencyMs`. */
  answered(latencyMs: number, now: number): void {
    this.tick(now);
    this.active = Math.max(0, this.active - 1);
    // a probe measures the requests it admitted, not those still finishing from before it
    if (this.probing && now - latencyMs <= this.probeStart) return;
    const w = this.window;
    w.samples.push(Math.max(0, latencyMs));
    if (now - w.start < Math.max(this.windowMs, this.lastTypical) || w.samples.length < this.minSamples) return;
    this.closeWindow(now);
  }

  private closeWindow(now: number) {
    const w = this.window;
    const typical = typicalOf(w.samples);
    const average = now > w.start ? w.area / (now - w.start) : this.active;
    const { peak } = w;
    const limit = this.limit;
    this.window = { start: now, samples: [], area: 0, last: now, peak: this.active };
    this.lastTypical = typical;
    if (this.probing) return this.endProbe(typical, now);
    const { min, max, tolerance } = this.options;
    if (peak <= min) this.setBaseline(typical, now);
    const busy = average >= limit / 2;
    const sustained = busy && this.busyBefore;
    this.busyBefore = busy;
    if (!busy) {
      // the work no longer holds the limit: it comes back
      if (this.estimate < this.options.initial) this.estimate = Math.min(this.options.initial, this.clamp(this.estimate + this.smoothing * Math.sqrt(this.estimate)));
      return;
    }
    this.lastBusyAt = now;
    if (!sustained) return;
    if (this.baseline === undefined || now - this.baselineAt > this.probeGap) {
      if (now >= this.noProbeBefore) this.startProbe(now);
      return;
    }
    const gradient = Math.max(0.5, Math.min(1, (tolerance * this.baseline) / Math.max(typical, Number.EPSILON)));
    // headroom, to find out whether more would do: √limit while latency is within the tolerance (a roomy machine is
    // found quickly), 1 once it is not (the limit then settles where latency is tolerance × baseline)
    const target = this.estimate * gradient + (gradient === 1 ? Math.sqrt(this.estimate) : 1);
    // a decrease is taken whole (at most half per window); growth is smoothed (the limit creeps up where latency allows)
    const next = target < this.estimate ? target : this.estimate * (1 - this.smoothing) + target * this.smoothing;
    this.estimate = Math.min(max, Math.max(min, next));
  }

  private startProbe(now: number) {
    this.probing = true;
    this.probeStart = now;
    this.window = { start: now, samples: [], area: 0, last: now, peak: this.active };
  }

  private endProbe(typical: number | undefined, now: number) {
    this.probing = false;
    this.busyBefore = false;
    if (typical === undefined) {
      // too few answers to measure (the traffic went): no baseline from it, and no new probe before the gap has passed
      this.noProbeBefore = now + this.probeGap;
      return;
    }
    // the first, on a process that met more than its limit before it knew anything: the limit starts again from
    // twice its minimum and grows while latency allows, rather than from where it stood
    if (this.baseline === undefined) this.estimate = Math.min(this.estimate, this.clamp(2 * this.options.min));
    this.probeGap = Math.min(this.probeIntervalMs, this.probeGap * 2);
    this.setBaseline(typical, now);
  }

  private setBaseline(typical: number, now: number) {
    this.baseline = typical;
    this.baselineAt = now;
  }

  /** Time passes: the window's in-progress area grows; a probe that outlasts its traffic ends. */
  private tick(now: number) {
    const w = this.window;
    if (Number.isNaN(w.start)) {
      w.start = now;
      w.last = now;
    }
    w.area += this.active * Math.max(0, now - w.last);
    w.last = now;
    if (this.probing && now - this.probeStart > Math.max(PROBE_TIMEOUT_MS, 10 * this.lastTypical)) {
      const samples = w.samples;
      this.window = { start: now, samples: [], area: 0, last: now, peak: this.active };
      this.endProbe(samples.length >= PROBE_LEAST_SAMPLES ? typicalOf(samples) : undefined, now);
    }
  }

  private clamp(value: number) {
    return Math.min(this.options.max, Math.max(this.options.min, value));
  }
}

/** The mean of the fastest 90 %: a window's typical latency, its tail of long requests (documents, call-outs) left out. */
function typicalOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const kept = sorted.slice(0, Math.max(1, Math.ceil(sorted.length * 0.9)));
  return kept.reduce((sum, v) => sum + v, 0) / kept.length;
}
