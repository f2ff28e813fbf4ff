import type { AnyEventObject } from 'xstate';

/** Model events for a load machine, given a sample of loaded data. */
export function loadModelEvents<T>(sample: T, { refresh = true }: { refresh?: boolean } = {}) {
  return (snapshot: { value: unknown }): AnyEventObject[] => {
    if (snapshot.value === 'loading') {
      return [
        { type: 'xstate.done.actor.load', output: sample },
        { type: 'xstate.error.actor.load', error: new Error('failed calling api') },
      ];
    }
    return refresh ? [{ type: 'load.refresh' }] : [];
  };
}
