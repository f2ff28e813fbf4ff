// @vitest-environment happy-dom
/**
 * Model-based walk of the announcements chart on the REAL banner component and hook: loading,
 * ready, dismissing (error banners cannot be dismissed), refresh on a change of source. The
 * three-source loader is a promise the walk settles.
 */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { walkPaths, type Deferred, runWalk } from '../model-walk';

const network = vi.hoisted(() => ({ loads: [] as Array<Deferred<unknown>>, inputs: [] as unknown[] }));

vi.mock('../../../machines/announcements/announcements.actors', async (importOriginal) => {
  const { deferredActor } = await import('../model-walk');
  return { ...(await importOriginal<object>()), loadAnnouncements: deferredActor(network.loads, network.inputs) };
});

import type { AnnouncementsInput } from '../../../machines/announcements/announcements.actors';
import { announcementsMachine } from '../../../machines/announcements/announcements.machine';
import { announcementsModelEvents } from '../../../machines/announcements/announcements.model';
import { DISMISSED_ANNOUNCEMENTS_KEY } from '../../../machines/announcements/announcements.selectors';
import { Announcements } from '../../../src/features/announcements/announcements';
import { announcementTexts as t } from '../../../src/features/announcements/texts';
import { AnnouncementsContext } from '../../../src/features/announcements/announcements-context';
import { useAnnouncementsActor } from '../../../src/features/announcements/use-announcements';

type Snapshot = SnapshotFrom<typeof announcementsMachine>;
const startSource: AnnouncementsInput = { authenticated: true, vendorId: 'a0000000-0000-4000-8000-000000000001' };
const paths = walkPaths<Snapshot>(announcementsMachine, announcementsModelEvents, { source: startSource, dismissed: [] });

/** The app wiring of the root layout: the hook with a source, the context, the banner. */
function Harness({ source }: { source: AnnouncementsInput }) {
  const stable = useMemo(() => source, [source.authenticated, source.vendorId]);
  const actorRef = useAnnouncementsActor(stable);
  return (
    <AnnouncementsContext.Provider value={actorRef}>
      <Announcements />
    </AnnouncementsContext.Provider>
  );
}

describe('announcements: model-based walk', () => {
  let rerender: (ui: React.ReactElement) => void;
  let current: AnnouncementsInput;
  beforeEach(() => {
    current = startSource;
    network.loads.length = 0;
    network.inputs.length = 0;
    sessionStorage.clear();
    ({ rerender } = render(<Harness source={startSource} />));
  });
  afterEach(() => cleanup());

  function assertState(state: Snapshot) {
    const region = screen.queryByRole('region', { name: t.region });
    if (state.matches('loading')) {
      expect(network.loads.length).toBe(1);
      expect(network.inputs.at(-1)).toEqual(state.context.source);
      return;
    }
    const expected = state.context.announcements.filter((a) => a.type === 'error' || !state.context.dismissed.includes(a.id));
    if (expected.length === 0) {
      expect(region).toBeNull();
      return;
    }
    expect(region).not.toBeNull();
    const items = within(region!).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(
      [...expected].sort((a, b) => (a.type === 'error' ? -1 : b.type === 'error' ? 1 : 0)).map((a) => a.message),
    );
    for (const li of items) {
      const isError = li.getAttribute('data-tone') === 'error';
      expect(within(li).queryByRole('button', { name: t.dismiss }) === null).toBe(isError);
    }
    expect((sessionStorage.getItem(DISMISSED_ANNOUNCEMENTS_KEY) ?? '').split(' ').filter(Boolean)).toEqual(state.context.dismissed);
  }

  const drivers = {
    'xstate.done.actor.loadAnnouncements': async (e: { output: unknown }) => {
      const d = network.loads.shift()!;
      await act(async () => d.resolve(e.output));
    },
    'xstate.error.actor.loadAnnouncements': async (e: { error: unknown }) => {
      const d = network.loads.shift()!;
      await act(async () => d.reject(e.error));
    },
    'announcement.dismiss': async (e: { id: string }, prev: Snapshot) => {
      const message = prev.context.announcements.find((a) => a.id === e.id)!.message;
      const li = screen.getByText(message).closest('li')!;
      await userEvent.click(within(li).getByRole('button', { name: t.dismiss }));
    },
    'announcements.refresh': async () => {
      network.loads.length = 0;
      // A new source (another vendor, or none) as the root layout passes it on navigation.
      current = current.vendorId ? { authenticated: true, vendorId: null } : startSource;
      rerender(<Harness source={current} />);
      await waitFor(() => expect(network.loads.length).toBe(1));
    },
  } satisfies Record<string, (event: any, prev: Snapshot) => Promise<unknown>>;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    // The view's source may differ from the model's refresh payload; compare the rest.
    await runWalk(path, drivers, (state, event) =>
      assertState(event.type === 'announcements.refresh' ? ({ ...state, context: { ...state.context, source: network.inputs.at(-1) as AnnouncementsInput } } as Snapshot) : state),
    );
  });
});
