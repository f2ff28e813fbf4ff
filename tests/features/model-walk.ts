/**
 * Shared harness of the model-based view walks. A walk test is a table of assertions and drivers:
 *
 *   const paths = walkPaths<Snapshot>(machine, modelEvents, input);       // the registry's model events
 *   const drivers = { 'xstate.done.actor.load': settle(network.loads, 'resolve'), 'form.submit': async () => … };
 *   it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
 *     render(…);
 *     await runWalk(path, drivers, assertState);                           // assert, drive, assert, …
 *   });
 *
 * `runWalk` also RECORDS what the walk drove through the real view: after each asserted step it writes the active
 * state ids and the event to `.test-results/machine-walks/<machineId>.<test file>.json` (one file per machine and
 * test file, rewritten by each run of that file). `npm run coverage:machines` reads these files for its
 * "walks" columns.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { act, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { fromPromise, type AnyStateMachine, type EventObject } from 'xstate';
import { buildModel, recordSteps, type RecordedStep } from '../../src/atlas/coverage';

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export interface WalkStep<S> {
  state: S;
  event: EventObject & Record<string, any>;
}

export interface WalkPath<S> {
  description: string;
  /** The machine the path was generated from (its walk is recorded under this id). */
  machineId: string;
  steps: WalkStep<S>[];
}

/** Shortest paths of the chart with transition-aware vertices: every transition is walked by some path. */
export function walkPaths<S>(machine: AnyStateMachine, events: (snapshot: any) => EventObject[], input?: unknown): WalkPath<S>[] {
  const model = buildModel(machine, { events: (s) => events(s).filter((e) => s.can(e)), input });
  return model.getShortestPaths().map((p) => ({
    description: p.steps.map((s) => `${s.event.type.replace(/^xstate\./, '')}→${JSON.stringify((s.state as unknown as { value: unknown }).value)}`).join(' | '),
    machineId: machine.id,
    steps: p.steps as unknown as WalkStep<S>[],
  }));
}

/** A driver acts on the view so that the machine receives `event` (`prev` is the state before); keyed by event type. */
export type Drivers<S = any> = Record<string, (event: any, prev: S) => Promise<unknown>>;

/**
 * Walks one path on the real view: asserts the first state, then for each step drives its event and asserts the
 * state it leads to. A step without a driver fails the walk. Each asserted step is recorded (see above).
 */
export async function runWalk<S>(walkPath: WalkPath<S>, drivers: Drivers<S>, assertState: (state: S, event: WalkStep<S>['event']) => Promise<void> | void) {
  const recorded: RecordedStep[] = [];
  const done = (i: number) => recorded.push(...recordSteps([walkPath.steps[i] as never]));
  try {
    await assertState(walkPath.steps[0].state, walkPath.steps[0].event);
    done(0);
    for (let i = 1; i < walkPath.steps.length; i++) {
      const step = walkPath.steps[i];
      const drive = drivers[step.event.type];
      if (!drive) throw new Error(`no driver for ${step.event.type}`);
      await drive(step.event, walkPath.steps[i - 1].state);
      await assertState(step.state, step.event);
      done(i);
    }
  } finally {
    record(walkPath.machineId, walkPath.description, recorded);
  }
}

/**
 * A driver for an actor outcome: waits until the view has made its call (the mocked actor pushed a deferred onto
 * `queue`), then settles the oldest one with the event's output (resolve) or error (reject).
 */
export function settle(queue: Array<Deferred<unknown>>, outcome: 'resolve' | 'reject') {
  return async (event: { output?: unknown; error?: unknown }) => {
    await waitFor(() => expect(queue.length).toBeGreaterThan(0));
    const d = queue.shift()!;
    await act(async () => (outcome === 'resolve' ? d.resolve(event.output) : d.reject(event.error)));
  };
}

/**
 * A mocked call (for `vi.mock` of a `.actors.ts`: a function an actor calls) whose every call pushes a deferred onto
 * `queue`, and what it was passed onto `inputs` when given, and waits for the walk to settle it (`settle`).
 */
export function deferredCall(queue: Array<Deferred<unknown>>, inputs?: unknown[]) {
  return (input?: unknown) => {
    inputs?.push(input);
    const d = deferred<unknown>();
    queue.push(d);
    return d.promise as Promise<never>;
  };
}

/** `deferredCall` as a promise actor: the `input` the machine starts it with is the call's. */
export function deferredActor(queue: Array<Deferred<unknown>>, inputs?: unknown[]) {
  const call = deferredCall(queue, inputs);
  return fromPromise(({ input }: { input: unknown }) => call(input));
}

/** A pending call of a mocked actor, tagged with what it is (`kind`) and what the view passed (`input`). */
export interface PendingCall {
  kind: string;
  input: any;
  d: Deferred<unknown>;
}

/**
 * A mocked actor (for `vi.mock` of a `.actors.ts`) whose every call pushes a tagged deferred onto `pending` and
 * waits for the walk to settle it with `settleKind`.
 */
export function pendingActor(pending: PendingCall[], kind: string) {
  return fromPromise(({ input }: { input: unknown }) => {
    const d = deferred<unknown>();
    pending.push({ kind, input, d });
    return d.promise as Promise<never>;
  });
}

/**
 * Like `settle`, for one `kind` of call in a shared `pending` list (the oldest call of that kind); `check` asserts on
 * the call (e.g. its input) before it is settled.
 */
export function settleKind(pending: PendingCall[], kind: string, outcome: 'resolve' | 'reject', check?: (call: PendingCall) => void) {
  return async (event: { output?: unknown; error?: unknown }) => {
    await waitFor(() => expect(pending.some((p) => p.kind === kind)).toBe(true));
    const [p] = pending.splice(pending.findIndex((c) => c.kind === kind), 1);
    check?.(p);
    await act(async () => (outcome === 'resolve' ? p.d.resolve(event.output) : p.d.reject(event.error)));
  };
}

/**
 * A driver for the done and the error event of an actor whose calls are kept (for assertions on their inputs after
 * the walk): waits for a call, then settles the LATEST one, resolving on `xstate.done.*`, rejecting on
 * `xstate.error.*`; `check` asserts on the call first.
 */
export function settleLatest<C extends { d: Deferred<unknown> }>(calls: C[], check?: (call: C) => void) {
  return async (event: { type: string; output?: unknown; error?: unknown }) => {
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    const call = calls[calls.length - 1];
    check?.(call);
    const { d } = call;
    await act(async () => (event.type.startsWith('xstate.done') ? d.resolve(event.output) : d.reject(event.error)));
  };
}

// ── module mocks shared by the walks (for `vi.mock(path, async (io) => (await import('../model-walk')).X(io))`) ──
type ImportOriginal = <M>() => Promise<M>;

/**
 * The frame's loads (load.actors): the model's vendor (Coastal Produce Co.) with its one location (Blue Heron Grill);
 * `locationExtra` adds fields to that location, read on every load (e.g. whether it has unread messages).
 */
export async function modelFrameLoadActors(importOriginal: ImportOriginal, locationExtra: () => object = () => ({})) {
  const original = await importOriginal<typeof import('../../machines/load/load.actors')>();
  const { vendor, location } = await import('./shell/fixtures');
  const { modelVendorId, modelLocationId } = await import('../../machines/dashboard/dashboard.model');
  return {
    ...original,
    fetchVendors: async () => [vendor(modelVendorId, 'Coastal Produce Co.')],
    fetchLocations: async () => ({ [modelLocationId]: { ...location(modelLocationId, modelVendorId, 'Blue Heron Grill'), ...locationExtra() } }),
  };
}

/** The announcements actors with no announcements (their chart has its own walk). */
export async function noAnnouncementsActors(importOriginal: ImportOriginal) {
  const original = await importOriginal<typeof import('../../machines/announcements/announcements.actors')>();
  return { ...original, loadAnnouncements: fromPromise(async () => []) };
}

/** The dashboard's actors never settling: for walks that may land on the dashboard but do not look at it. */
export async function idleDashboardActors(importOriginal: ImportOriginal) {
  const original = await importOriginal<typeof import('../../machines/dashboard/dashboard.actors')>();
  const never = fromPromise(() => new Promise<never>(() => {}));
  return { ...original, recordVisit: never, loadAutopay: never, loadPaymentPlans: never };
}

/** The shell's session module, keeping the session the app creates in `captured.session` (to read what it holds). */
export async function capturingSessionModule(importOriginal: ImportOriginal, captured: { session: unknown }) {
  const original = await importOriginal<typeof import('../../src/app/session')>();
  return {
    ...original,
    createSession: (...args: Parameters<typeof original.createSession>) => {
      captured.session = original.createSession(...args);
      return captured.session;
    },
  };
}

// ── recording ──
// vitest runs from the repository root (import.meta.url is not a file URL under jsdom).
const ROOT = process.cwd();
// (`npm test` records into a directory of its run, PP_WALKS_DIR, and copies them here after its view stage: the build
// its budget tests measure is made during that stage, and must not include however many recordings exist by then.)
export const WALKS_DIR = process.env.PP_WALKS_DIR || path.join(ROOT, '.test-results/machine-walks');

export interface WalkRecord {
  machineId: string;
  testFile: string;
  paths: Array<{ description: string; steps: RecordedStep[] }>;
}

const records = new Map<string, WalkRecord>();

function record(machineId: string, description: string, steps: RecordedStep[]) {
  if (steps.length === 0) return;
  const testPath = expect.getState().testPath ?? 'unknown';
  const testFile = path.relative(ROOT, testPath);
  const key = `${machineId}.${testFile.replace(/[^\w.-]+/g, '_')}`;
  const entry = records.get(key) ?? { machineId, testFile, paths: [] };
  entry.paths = entry.paths.filter((p) => p.description !== description).concat({ description, steps });
  records.set(key, entry);
  try {
    mkdirSync(WALKS_DIR, { recursive: true });
    writeFileSync(path.join(WALKS_DIR, `${key}.json`), JSON.stringify(entry));
  } catch {
    // Recording is a report, never a reason for a walk to fail.
  }
}

/**
 * Like `settleKind`, for the NEWEST pending call of a kind: a list whose filter changed mid-load leaves the older call
 * unanswered (its actor stopped), so the walk answers the one the page is waiting for.
 */
export function settleNewest(pending: PendingCall[], kind: string, outcome: 'resolve' | 'reject') {
  return async (event: { output?: unknown; error?: unknown }) => {
    await waitFor(() => expect(pending.some((p) => p.kind === kind)).toBe(true));
    const [call] = pending.splice(pending.map((p) => p.kind).lastIndexOf(kind), 1);
    await act(async () => (outcome === 'resolve' ? call!.d.resolve(event.output) : call!.d.reject(event.error)));
  };
}
