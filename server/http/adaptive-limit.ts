/**
 * An adaptive concurrency limit: how many requests from the network this process works on at once, learnt from
 * their latency (a gradient limit, as Envoy's adaptive-concurrency filter and Netflix's concurrency-limits do).
 *
 * A server that admits more work than its CPU and database can do at once does not finish it sooner: each request
 * waits behind the others, so latency grows with the requests in progress while throughput stays flat. The limit
 * finds the point where admitting more only adds waiting, without a bound tuned by hand for the machine:
 *
 * - Requests are measured in windows (at least `windowMs` and `minSamples` answers): the window's mean latency.
 * - The **baseline** is the latency with little concurrency: a window in which no more than `min` requests were ever
 *   in progress gives one for free; otherwise, once the limit is being reached and no baseline is fresher than
 *   `probeIntervalMs`, the limit drops to `min` for one window (a probe) and measures it. Only those windows set it,
 *   so a long overload cannot raise it (a limit that compared latency with its own recent past would drift upward
 *   with the load). The first probe happens on the first busy window: a process started into full traffic (a
 *   rolling restart) learns its baseline at once.
 * - In a window in which the limit was **reached** (a request arrived with the limit in progress and was shed, or the
 *   limit was in progress): gradient = min(1, tolerance × baseline ÷ latency), not below ½ (an outlier window must
 *   not halve the limit); the new limit is limit × gradient + √limit (headroom to find out if more would do),
 *   smoothed (`smoothing` of the step per window), between `min` and `max`. So latency settles near tolerance ×
 *   the baseline; where latency stays under it, the limit grows by about √limit per window up to `max`.
 * - A window in which the limit was not reached changes nothing: latency that rises while few requests are in
 *   progress (a machine busy with other work, one slow query) is not ours to shed, and a page's burst of requests
 *   on a quiet server is never refused.
 *
 * Pure: the caller passes each answered request's latency and the in-progress count it met, with the time.
 */
export interface AdaptiveLimitOptions {
  /** where the limit starts (before the first busy window) */
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
  /** how long a baseline is trusted while the limit is being reached (ms) */
  probeIntervalMs?: number;
  /** the share of each window's step that is taken (0–1) */
  smoothing?: number;
}

export interface AdaptiveLimitState {
  limit: number;
  /** the latency with at most `min` requests in progress (ms); undefined until measured */
  baselineMs: number | undefined;
  probing: boolean;
}

export class AdaptiveConcurrencyLimit {
  private readonly windowMs: number;
  private readonly minSamples: number;
  private readonly probeIntervalMs: number;
  private readonly smoothing: number;
  private estimate: number;
  private baseline: number | undefined;
  private baselineAt = -Infinity;
  private probing = false;
  private probeStart = 0;
  private window = { start: Number.NaN, count: 0, sum: 0, peak: 0, reached: false };

  constructor(private readonly options: AdaptiveLimitOptions) {
    if (!(options.min >= 1 && options.max >= options.min)) throw new RangeError('the adaptive limit needs 1 ≤ min ≤ max');
    if (!(options.tolerance >= 1)) throw new RangeError('the adaptive limit tolerance must be at least 1');
    this.windowMs = options.windowMs ?? 100;
    this.minSamples = options.minSamples ?? 10;
    this.probeIntervalMs = options.probeIntervalMs ?? 30_000;
    this.smoothing = options.smoothing ?? 0.2;
    this.estimate = Math.min(options.max, Math.max(options.min, options.initial));
  }

  /** How many requests may be in progress now. */
  get limit(): number {
    return this.probing ? this.options.min : Math.floor(this.estimate);
  }

  state(): AdaptiveLimitState {
    return { limit: this.limit, baselineMs: this.baseline, probing: this.probing };
  }

  /** A request arrived with `inProgress` others in progress and was admitted (`admitted`) or shed. */
  arrived(inProgress: number, admitted: boolean, now: number): void {
    this.open(now);
    if (!admitted || inProgress + 1 >= this.limit) this.window.reached = true;
    this.window.peak = Math.max(this.window.peak, inProgress + (admitted ? 1 : 0));
  }

  /** An admitted request was answered after `latencyMs`. */
  answered(latencyMs: number, now: number): void {
    this.open(now);
    // a probe measures the requests it admitted, not those still finishing from before it
    if (this.probing && now - latencyMs < this.probeStart) return;
    const w = this.window;
    w.count += 1;
    w.sum += latencyMs;
    if (now - w.start < this.windowMs || w.count < this.minSamples) return;
    const mean = w.sum / w.count;
    const { peak, reached } = w;
    this.window = { start: now, count: 0, sum: 0, peak: 0, reached: false };
    const { min, max, tolerance } = this.options;
    if (this.probing || peak <= min) {
      // a window with little concurrency, by a probe or by itself: the baseline
      this.baseline = mean;
      this.baselineAt = now;
      this.probing = false;
      return;
    }
    if (!reached) return;
    if (this.baseline === undefined || now - this.baselineAt > this.probeIntervalMs) {
      this.probing = true;
      this.probeStart = now;
      return;
    }
    const gradient = Math.max(0.5, Math.min(1, (tolerance * this.baseline) / mean));
    const target = this.estimate * gradient + Math.sqrt(this.estimate);
    // growth is taken whole (after an overload the limit comes back within a second of busy windows); a decrease is
    // smoothed (one slow window must not cut it)
    const next = gradient === 1 ? target : this.estimate * (1 - this.smoothing) + target * this.smoothing;
    this.estimate = Math.min(max, Math.max(min, next));
  }

  private open(now: number) {
    if (Number.isNaN(this.window.start)) this.window.start = now;
  }
}
