import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { ConsoleApiError } from '../../core/api/vendor-client';
import type { Overview } from './console-home.actors';
import type { consoleHomeMachine } from './console-home.machine';

export const overviewSample = (collected: number): Overview => ({
  today: '2026-11-29',
  timeZone: 'America/New_York',
  periods: { today: { from: '2026-11-29', to: '2026-11-29' }, week: { from: '2026-11-23', to: '2026-11-29' }, attention: { from: '2026-10-30', to: '2026-11-29' } },
  collectedToday: { count: collected, amount: collected * 1000.5 },
  collectedThisWeek: { count: 17, amount: 28440.15 },
  scheduled: { count: 9, amount: 12034.5 },
  processing: { count: 2, amount: 1390.25 },
  failed: { count: 1, amount: 731.45 },
  returned: { count: 0, amount: 0 },
  openDisputes: 2,
  openShortPays: 1,
  webhookEndpoints: { failing: 0, disabled: collected > 3 ? 1 : 0 },
});

/** Model events: the overview's answers (3 collected today, then 4 and an endpoint disabled), offline, retry, refresh. */
export function consoleHomeModelEvents(snapshot: SnapshotFrom<typeof consoleHomeMachine>): EventObject[] {
  const seen = snapshot.context.overview?.collectedToday.count ?? 0;
  const candidates: AnyEventObject[] = [
    { type: 'home.retry' },
    { type: 'home.refresh' },
    { type: 'xstate.done.actor.loadOverview', output: overviewSample(3) },
    { type: 'xstate.error.actor.loadOverview', error: new ConsoleApiError(0) },
    ...(seen < 4 ? [{ type: 'xstate.done.actor.refreshOverview', output: overviewSample(4) }] : []),
    { type: 'xstate.error.actor.refreshOverview', error: new ConsoleApiError(503, 'unavailable') },
  ];
  return candidates.filter((e) => snapshot.can(e as never));
}
