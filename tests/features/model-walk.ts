/** Shared helpers of the model-based view walks. */
import type { AnyStateMachine, EventObject } from 'xstate';
import { buildModel } from '../machines/coverage';

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

/** Shortest paths of the chart with transition-aware vertices: every transition is walked by some path. */
export function walkPaths<S>(machine: AnyStateMachine, events: (snapshot: any) => EventObject[], input?: unknown) {
  const model = buildModel(machine, { events: (s) => events(s).filter((e) => s.can(e)), input });
  return model.getShortestPaths().map((path) => ({
    description: path.steps.map((s) => `${s.event.type.replace(/^xstate\./, '')}→${JSON.stringify((s.state as unknown as { value: unknown }).value)}`).join(' | '),
    steps: path.steps as unknown as WalkStep<S>[],
  }));
}
