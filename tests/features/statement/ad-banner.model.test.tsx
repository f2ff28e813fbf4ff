// @vitest-environment happy-dom
/**
 * Model-based walk of the ad banner chart on the REAL banner component: the ads call is a promise the walk settles,
 * the 500 ms checks and the 1 s slide are fake-timer advances, clicks are clicks on the shown ad.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { runWalk, walkPaths, type Deferred, type Drivers } from '../model-walk';

const network = vi.hoisted(() => ({ ads: [] as Array<Deferred<unknown>>, impressions: [] as string[], clicks: [] as string[] }));

vi.mock('../../../machines/statement/statement.actors', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../machines/statement/statement.actors')>();
  const { fromPromise } = await import('xstate');
  const { deferred } = await import('../model-walk');
  return {
    ...original,
    loadAds: fromPromise(() => { const d = deferred<unknown>(); network.ads.push(d); return d.promise as Promise<never>; }),
    recordImpression: fromPromise(async ({ input }: { input: { fileId: string } }) => { network.impressions.push(input.fileId); }),
    recordClick: fromPromise(async ({ input }: { input: { fileId: string } }) => { network.clicks.push(input.fileId); }),
  };
});

import { AD_CHECK_MS, AD_SLIDE_MS, adBannerMachine } from '../../../machines/statement/ad-banner.machine';
import { AD_CHECK_EVENT, AD_SLIDE_EVENT, adBannerModelEvents, modelAdInput } from '../../../machines/statement/statement.model';
import { AdBanner, adNavigation } from '../../../src/features/statement/ad-banner';

type Snapshot = SnapshotFrom<typeof adBannerMachine>;
const paths = walkPaths<Snapshot>(adBannerMachine, adBannerModelEvents, modelAdInput);
const opened: string[] = [];

beforeAll(() => { vi.spyOn(adNavigation, 'open').mockImplementation((url) => { opened.push(url); }); });

describe('ad banner: model-based walk', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    network.ads.length = 0;
    network.impressions.length = 0;
    network.clicks.length = 0;
    opened.length = 0;
    render(<AdBanner vendorId={modelAdInput.vendorId} locationId={modelAdInput.locationId} />);
  });
  afterEach(() => { cleanup(); vi.useRealTimers(); });

  function assertState(state: Snapshot) {
    const banner = screen.getByTestId('ad-banner');
    const slides = within(banner).queryAllByTestId('ad-slide');
    if (state.matches('loading') || state.matches('none')) {
      expect(slides).toHaveLength(0);
      expect(banner).toHaveAttribute('aria-busy', String(state.matches('loading')));
      return;
    }
    const { ads, index, impressed } = state.context;
    expect(banner).toHaveAttribute('data-ad-index', String(index));
    expect(slides[0]).toHaveAttribute('data-file-id', ads[index].fileId);
    expect(slides).toHaveLength(state.matches({ showing: 'sliding' }) ? 2 : 1);
    expect(network.impressions).toEqual(impressed);
    expect(within(slides[0]).getByRole('img')).toHaveAttribute('src', ads[index].fileUrl);
  }

  const settle = (outcome: 'resolve' | 'reject') => async (event: { output?: unknown; error?: unknown }) => {
    const d = network.ads.shift()!;
    await act(async () => { if (outcome === 'resolve') d.resolve(event.output); else d.reject(event.error); await vi.advanceTimersByTimeAsync(0); });
  };
  const drivers = {
    'xstate.done.actor.loadAds': settle('resolve'),
    'xstate.error.actor.loadAds': settle('reject'),
    [AD_CHECK_EVENT]: async () => { await act(async () => { await vi.advanceTimersByTimeAsync(AD_CHECK_MS); }); },
    [AD_SLIDE_EVENT]: async () => { await act(async () => { await vi.advanceTimersByTimeAsync(AD_SLIDE_MS); }); },
    'ad.click': async () => {
      const before = network.clicks.length;
      fireEvent.click(within(screen.getAllByTestId('ad-slide')[0]).getByRole('link'));
      await act(async () => { await vi.advanceTimersByTimeAsync(0); });
      expect(network.clicks).toHaveLength(before + 1);
      expect(opened.at(-1)).toMatch(/^https:/);
    },
  } satisfies Drivers;

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    await runWalk(path, drivers, assertState);
  });
});

describe('ad banner: URLs that are data, not links', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    network.ads.length = 0;
    opened.length = 0;
  });
  afterEach(() => { cleanup(); vi.useRealTimers(); });

  it.each([
    ['javascript: image and link', 'javascript:alert(1)', 'javascript:alert(1)'],
    ['data: image, vbscript: link', 'data:image/svg+xml,<svg onload=alert(1)>', 'vbscript:msgbox'],
    ['protocol-relative image, JavaScript: link with blanks', '//evil.example/a.png', ' JavaScript:alert(1)'],
  ])('renders no img and no link for a %s', async (_name, fileUrl, clickUrl) => {
    render(<AdBanner vendorId={modelAdInput.vendorId} locationId={modelAdInput.locationId} />);
    const ad = { fileId: 'ad000000-0000-4000-8000-0000000000bd', fileUrl, clickUrl, order: 1, duration: 0 };
    await act(async () => { network.ads.shift()!.resolve([ad]); await vi.advanceTimersByTimeAsync(0); });
    const banner = screen.getByTestId('ad-banner');
    expect(within(banner).getByTestId('ad-slide')).toHaveAttribute('data-file-id', ad.fileId);
    expect(within(banner).queryByRole('img')).toBeNull();
    expect(within(banner).queryByRole('link')).toBeNull();
    expect(banner.innerHTML).not.toMatch(/javascript|vbscript|data:|evil/i);
  });

  it('keeps the image but renders no link for a good image with a javascript: click URL', async () => {
    render(<AdBanner vendorId={modelAdInput.vendorId} locationId={modelAdInput.locationId} />);
    const ad = { fileId: 'ad000000-0000-4000-8000-0000000000be', fileUrl: '/static/ads/demo-1.svg', clickUrl: 'javascript:alert(1)', order: 1, duration: 0 };
    await act(async () => { network.ads.shift()!.resolve([ad]); await vi.advanceTimersByTimeAsync(0); });
    const banner = screen.getByTestId('ad-banner');
    expect(within(banner).getByRole('img')).toHaveAttribute('src', '/static/ads/demo-1.svg');
    expect(within(banner).queryByRole('link')).toBeNull();
  });
});
