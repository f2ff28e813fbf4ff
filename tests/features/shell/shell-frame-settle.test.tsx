// @vitest-environment happy-dom
/**
 * No layout shift in the shell: the page below the announcements is laid out but invisible until they are known, so a
 * banner never pushes what the user has seen; when they take longer than the wait, the page shows and the late
 * banners arrive as an overlay. Pages without the app's announcements (the landing page) always get the overlay.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { useMemo } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Deferred } from '../model-walk';

const network = vi.hoisted(() => ({ loads: [] as Array<Deferred<unknown>> }));

vi.mock('../../../machines/announcements/announcements.actors', async (importOriginal) => {
  const { deferredActor } = await import('../model-walk');
  return { ...(await importOriginal<object>()), loadAnnouncements: deferredActor(network.loads) };
});

import { AccessLayout } from '../../../src/app/access-layout';
import { Announcements } from '../../../src/features/announcements/announcements';
import { AnnouncementsContext } from '../../../src/features/announcements/announcements-context';
import { useAnnouncementsActor } from '../../../src/features/announcements/use-announcements';
import { SHELL_SETTLE_MAX_WAIT_MS, ShellFrame } from '../../../src/app/shell-frame';

const banner = { id: 'a1', type: 'info', message: 'Scheduled maintenance tonight' };

function App({ ready = true }: { ready?: boolean }) {
  const source = useMemo(() => ({ authenticated: true, vendorId: null }), []);
  const actorRef = useAnnouncementsActor(source);
  return (
    <MemoryRouter>
      <AnnouncementsContext.Provider value={actorRef}>
        <ShellFrame ready={ready}>
          <p>Page content</p>
        </ShellFrame>
      </AnnouncementsContext.Provider>
    </MemoryRouter>
  );
}

const settledBox = () => screen.getByText('Page content').closest('[aria-busy], [data-settled]') as HTMLElement;

afterEach(() => {
  cleanup();
  network.loads.length = 0;
  vi.useRealTimers();
});

describe('shell frame without layout shift', () => {
  it('keeps the page invisible until the announcements are known, then shows them above it in the flow', async () => {
    render(<App />);
    expect(settledBox()).toHaveStyle({ visibility: 'hidden' });
    expect(settledBox()).toHaveAttribute('aria-busy', 'true');
    await act(async () => network.loads[0].resolve([banner]));
    expect(settledBox()).not.toHaveStyle({ visibility: 'hidden' });
    const region = screen.getByText(banner.message).closest('section')!;
    expect(region).toHaveAttribute('data-placement', 'flow');
  });

  it('waits for the frame too (e.g. whether a change-location bar shows)', async () => {
    const { rerender } = render(<App ready={false} />);
    await act(async () => network.loads[0].resolve([]));
    expect(settledBox()).toHaveStyle({ visibility: 'hidden' });
    rerender(<App ready />);
    expect(settledBox()).not.toHaveStyle({ visibility: 'hidden' });
  });

  it('shows the page after the longest wait; banners that come later are an overlay that pushes nothing', async () => {
    vi.useFakeTimers();
    render(<App />);
    await act(async () => { await vi.advanceTimersByTimeAsync(SHELL_SETTLE_MAX_WAIT_MS); });
    expect(settledBox()).not.toHaveStyle({ visibility: 'hidden' });
    await act(async () => network.loads[0].resolve([banner]));
    expect(screen.getByText(banner.message).closest('section')).toHaveAttribute('data-placement', 'overlay');
  });

  it('on a page that does not hold itself for them (the prerendered landing layout) the app banners are an overlay', async () => {
    function Landing() {
      const source = useMemo(() => ({ authenticated: false, vendorId: null }), []);
      const actorRef = useAnnouncementsActor(source);
      return (
        <MemoryRouter>
          <AnnouncementsContext.Provider value={actorRef}>
            <AccessLayout>
              <p>Page content</p>
            </AccessLayout>
          </AnnouncementsContext.Provider>
        </MemoryRouter>
      );
    }
    render(<Landing />);
    await act(async () => network.loads[0].resolve([banner]));
    expect(screen.getByText(banner.message).closest('section')).toHaveAttribute('data-placement', 'overlay');
  });

  it('outside the app (no app announcements) the banners are always an overlay', async () => {
    render(<Announcements />);
    await act(async () => network.loads[0].resolve([banner]));
    expect(screen.getByText(banner.message).closest('section')).toHaveAttribute('data-placement', 'overlay');
  });
});
