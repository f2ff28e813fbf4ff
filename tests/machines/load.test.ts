import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { createLoadMachine } from '../../machines/load/load.machine';

const vendorsMachine = createLoadMachine<string[], void>('vendorsLoad', async () => []);

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}

describe('load lifecycle (loading → loaded | failed, load.refresh)', () => {
  it('starts loading and keeps the data once loaded', async () => {
    const load = vi.fn(async () => ['Acme Foodservice']);
    const actor = createActor(vendorsMachine.provide({ actors: { load: fromPromise<string[], void>(load) } })).start();
    expect(actor.getSnapshot().value).toBe('loading');
    const loaded = await waitFor(actor, (s) => s.value !== 'loading');
    expect(loaded.value).toBe('loaded');
    expect(loaded.context.data).toEqual(['Acme Foodservice']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fails with the error of the loader and loads again on load.refresh', async () => {
    let calls = 0;
    const load = fromPromise<string[], void>(async () => {
      calls += 1;
      if (calls === 1) throw new Error('failed calling api on path /vendors');
      return ['Coastal Produce Co.'];
    });
    const actor = createActor(vendorsMachine.provide({ actors: { load } })).start();
    const failed = await waitFor(actor, (s) => s.value === 'failed');
    expect((failed.context.error as Error).message).toBe('failed calling api on path /vendors');
    actor.send({ type: 'load.refresh' });
    expect(actor.getSnapshot().value).toBe('loading');
    const loaded = await waitFor(actor, (s) => s.value === 'loaded');
    expect(loaded.context.data).toEqual(['Coastal Produce Co.']);
    expect(loaded.context.error).toBeUndefined();
  });

  it('refreshes from loaded, and ignores refresh while loading', async () => {
    const first = deferred<string[]>();
    const load = vi.fn().mockImplementationOnce(() => first.promise).mockImplementation(async () => ['B']);
    const actor = createActor(vendorsMachine.provide({ actors: { load: fromPromise<string[], void>(load) } })).start();
    actor.send({ type: 'load.refresh' });
    expect(load).toHaveBeenCalledTimes(1);
    first.resolve(['A']);
    await waitFor(actor, (s) => s.value === 'loaded');
    actor.send({ type: 'load.refresh' });
    const again = await waitFor(actor, (s) => s.value === 'loaded' && s.context.data?.[0] === 'B');
    expect(again.context.data).toEqual(['B']);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('passes the machine input to the loader', async () => {
    const loader = vi.fn(async (input: { vendorId: string }) => ({ [input.vendorId]: true }));
    const m = createLoadMachine('locationsLoad', loader);
    const actor = createActor(m, { input: { vendorId: 'v-1' } }).start();
    const loaded = await waitFor(actor, (s) => s.value === 'loaded');
    expect(loaded.context.data).toEqual({ 'v-1': true });
    expect(loader.mock.calls[0][0]).toEqual({ vendorId: 'v-1' });
  });
});
