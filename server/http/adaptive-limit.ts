/**
 * An adaptive concurrency limit: how many requests from the network this process works on at once, learnt from
 * their latency (a gradient limit, as Envoy's adaptive-concurrency filter and Netflix's concurrency-limits do).
 *
 * A server that admits more work than its CPU and database can do at once does not finish it sooner: each request
 * waits behind the others, so latency grows with the requests in progress while throughput stays flat. The limit
 * finds the point where admitting more only adds waiting, without a bound tuned by hand for the machine:
 *
 * - Requests are measured in windows (at least `windowMs`, at least the last window's mean latency, and at least
 *   `minSamples` answers): the window's mean latency. A window as long as a request lasts shows the effect of the
 *   last change of the limit, not of one several windows ago.
 * - The **baseline** is the latency with little concurrency. A window in which no more than `min` requests were ever
 *   in progress gives one for free. Otherwise, while the limit is being reached, the limit drops to `min` for one
 *   window (a probe) and measures it: at once the first time (a process started into full traffic, as in a rolling
 *   restart, learns it within a second), then after 1 s, 2 s, 4 s … up to `probeIntervalMs` without a fresher one
 *   (the first measures are taken while the code is still being compiled). A probe counts only the requests it
 *   admitted. Only those windows set the baseline, so a long overload cannot raise it: a limit that compared latency
 *   with its own recent past would drift upward with the load.
 * - After the first probe the limit starts again from 2 × `min`, not from where the overload found it.
 * - In a window in which the limit was **reached** (a request was shed, or arrived to find the limit in progress):
 *   gradient = min(1, tolerance × baseline ÷ latency), not below ½. The new limit is limit × gradient + headroom:
 *   √limit while latency is within the tolerance, so a roomy machine is found quickly, else 1. A decrease is taken
 *   whole, so an overload is cut within a few windows, and one slow window can at most halve the limit. Growth is
 *   smoothed (`smoothing` of the step per window). The limit stays between `min` and `max`. Latency settles near
 *   tolerance × the baseline.
 * - A window in which the limit was not reached changes nothing. Latency that rises while few requests are in
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
  private lastMean = 0;
  /** time from one probe to the next while the limit is reached: from 1 s, doubled after each, up to probeIntervalMs
   *  (a process's first measures are taken while its code is still being compiled) */
  private probeGap: number;
  private window = { start: Number.NaN, count: 0, sum: 0, peak: 0, reached: false };

  constructor(private readonly options: AdaptiveLimitOptions) {
    if (!(options.min >= 1 && options.max >= options.min)) throw new RangeError('the adaptive limit needs 1 ≤ min ≤ max');
    if (!(options.tolerance >= 1)) throw new RangeError('the adaptive limit tolerance must be at least 1');
    this.windowMs = options.windowMs ?? 100;
    this.minSamples = options.minSamples ?? 10;
    this.probeIntervalMs = options.probeIntervalMs ?? 30_000;
    this.smoothing = options.smoothing ?? 0.2;
    this.estimate = Math.min(options.max, Math.max(options.min, options.initial));
    this.probeGap = Math.min(1_000, this.probeIntervalMs);
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
    if (!admitted || inProgress + 1 >= this.limit) {
      this.window.reached = true;
      // the limit reached before anything is known: probe at once (a process started into full traffic)
      if (this.baseline === undefined && !this.probing) this.startProbe(now);
    }
    this.window.peak = Math.max(this.window.peak, inProgress + (admitted ? 1 : 0));
  }

  /** An admitted request was answered after `latencyMs`. */
  answered(latencyMs: number, now: number): void {
    this.open(now);
    // a probe measures the requests it admitted, not those still finishing from before it
    if (this.probing && now - latencyMs <= this.probeStart) return;
    const w = this.window;
    w.count += 1;
    w.sum += latencyMs;
    if (now - w.start < Math.max(this.windowMs, this.lastMean) || w.count < this.minSamples) return;
    const mean = w.sum / w.count;
    this.lastMean = mean;
    const { peak, reached } = w;
    this.window = { start: now, count: 0, sum: 0, peak: 0, reached: false };
    const { min, max, tolerance } = this.options;
    if (this.probing || peak <= min) {
      // a window with little concurrency, by a probe or by itself: the baseline
      if (this.probing && this.baseline === undefined) {
        // the first, on a process that met more than its limit before it knew anything: the limit starts again from
        // twice its minimum and grows while latency allows, rather than from where it stood
        this.estimate = Math.min(this.estimate, 2 * min);
      }
      if (this.probing) this.probeGap = Math.min(this.probeIntervalMs, this.probeGap * 2);
      this.baseline = mean;
      this.baselineAt = now;
      this.probing = false;
      return;
    }
    if (!reached) return;
    if (this.baseline === undefined || now - this.baselineAt > this.probeGap) {
      this.startProbe(now);
      return;
    }
    const gradient = Math.max(0.5, Math.min(1, (tolerance * this.baseline) / mean));
    // headroom, to find out whether more would do: √limit while latency is within the tolerance (a roomy machine is
    // found quickly), 1 once it is not (the limit then settles where latency is tolerance × baseline)
    const target = this.estimate * gradient + (gradient === 1 ? Math.sqrt(this.estimate) : 1);
    // a decrease is taken whole (at most half per window: an overload is cut within a few windows, and one slow
    // window cannot do more than halve it); growth is smoothed (the limit creeps up where latency allows)
    const next = gradient < 1 ? target : this.estimate * (1 - this.smoothing) + target * this.smoothing;
    this.estimate = Math.min(max, Math.max(min, next));
  }

  private startProbe(now: number) {
    this.probing = true;
    this.probeStart = now;
    this.window = { start: now, count: 0, sum: 0, peak: 0, reached: false };
  }

  private open(now: number) {
    if (Number.isNaN(this.window.start)) this.window.start = now;
  }
}
