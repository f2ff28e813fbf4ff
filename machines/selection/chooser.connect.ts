import type { SnapshotFrom } from 'xstate';
import type { ChooserEvent, chooserMachine } from './chooser.machine';

export type ChooserStatus = 'loading' | 'choosing' | 'leaving' | 'failed';

/** The vendor or location chooser's view (zag's `connect(state, send)`): status, options and the two intents. Pure. */
export function connectChooser(snapshot: Pick<SnapshotFrom<typeof chooserMachine>, 'context' | 'matches'>, send: (event: ChooserEvent) => void) {
  // `forwarding` and `chosen` are final: the provided navigation is leaving the page.
  const status: ChooserStatus = snapshot.matches('loading') ? 'loading' : snapshot.matches('choosing') ? 'choosing' : snapshot.matches('failed') ? 'failed' : 'leaving';
  return {
    status,
    options: snapshot.context.options,
    vendorCount: snapshot.context.vendorCount,
    choose: (id: string) => send({ type: 'chooser.choose', id }),
    retry: () => send({ type: 'chooser.retry' }),
  };
}
