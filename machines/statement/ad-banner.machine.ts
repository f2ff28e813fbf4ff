import { assign, enqueueActions, setup } from 'xstate';
import { loadAds, recordClick, recordImpression, type Advertisement } from './statement.actors';

export interface AdBannerInput {
  vendorId: string;
  locationId: string;
  /**
   * The browser's IANA time zone, sent with impressions and clicks. Absent: read from the browser when the first one is
   * sent (`recordImpression`, statement.actors.ts), not as the page arrives — a page's first use of `Intl` costs it
   * 20–70 ms, and the statement otherwise makes none on arrival.
   */
  userTimezone?: string;
  /** `prefers-reduced-motion: reduce`: the slide takes no time. */
  reducedMotion: boolean;
}

export interface AdBannerContext extends AdBannerInput {
  ads: Advertisement[];
  /** The ad shown (index into `ads`). */
  index: number;
  /** Time the current ad has been shown, counted by the 500 ms checks. */
  elapsedMs: number;
  /** fileIds whose impression was sent (once per ad, only ads with a clickUrl). */
  impressed: string[];
}

export type AdBannerEvent = { type: 'ad.click' };

/** Rotation check interval and slide duration (spec §4, §9). */
export const AD_CHECK_MS = 500;
export const AD_SLIDE_MS = 1000;

const current = (c: Pick<AdBannerContext, 'ads' | 'index'>) => c.ads[c.index];
/** Spec §4: rotation only when the current ad's duration is above 0 and more than one ad exists. */
const rotates = (c: Pick<AdBannerContext, 'ads' | 'index'>) => c.ads.length > 1 && (current(c)?.duration ?? 0) > 0;

/**
 * The vendor ad banner of the statement page (recurring §2.4, §4, §9):
 *
 * loading ──done [ads]──▶ showing { still | waiting ⟲ 500 ms check ──[duration elapsed]──▶ sliding ──1 s──▶ waiting | still }
 *         ──done [none] / error──▶ none
 *
 * Every 500 ms `waiting` adds 500 ms to the time shown and slides on once it reaches the ad's duration. `still` is
 * an ad that does not rotate (one ad, or a duration of 0). Each ad with a non-empty clickUrl has its impression
 * recorded once, when it is first shown. `ad.click` records the click and opens the ad's URL (`openAd` is provided
 * by the view: a click must open the tab in the same task as the user's gesture).
 */
export const adBannerMachine = setup({
  types: {} as { context: AdBannerContext; events: AdBannerEvent; input: AdBannerInput },
  actors: { loadAds, recordImpression, recordClick },
  delays: {
    check: AD_CHECK_MS,
    slide: ({ context }) => (context.reducedMotion ? 0 : AD_SLIDE_MS),
  },
  guards: {
    hasAds: (_, ads: Advertisement[]) => ads.length > 0,
    rotatingAds: (_, ads: Advertisement[]) => rotates({ ads, index: 0 }),
    nextRotates: ({ context }) => rotates({ ads: context.ads, index: (context.index + 1) % context.ads.length }),
    durationElapsed: ({ context }) => context.elapsedMs + AD_CHECK_MS >= (current(context)?.duration ?? 0) * 1000,
    hasClickUrl: ({ context }) => Boolean(current(context)?.clickUrl),
  },
  actions: {
    storeAds: assign({ ads: (_, ads: Advertisement[]) => ads, index: 0, elapsedMs: 0 }),
    tick: assign({ elapsedMs: ({ context }) => context.elapsedMs + AD_CHECK_MS }),
    advance: assign({ index: ({ context }) => (context.index + 1) % context.ads.length, elapsedMs: 0 }),
    impress: enqueueActions(({ context, enqueue }) => {
      const ad = current(context);
      if (!ad || !ad.clickUrl || context.impressed.includes(ad.fileId)) return;
      enqueue.assign({ impressed: [...context.impressed, ad.fileId] });
      enqueue.spawnChild('recordImpression', { input: { vendorId: context.vendorId, locationId: context.locationId, fileId: ad.fileId, userTimezone: context.userTimezone } });
    }),
    recordClick: enqueueActions(({ context, enqueue }) => {
      const ad = current(context);
      if (!ad?.clickUrl) return;
      enqueue.spawnChild('recordClick', { input: { vendorId: context.vendorId, locationId: context.locationId, fileId: ad.fileId, userTimezone: context.userTimezone } });
    }),
    /** Provided by the view: opens the ad's click URL in a new tab. */
    openAd: (_, _url: string) => {},
  },
}).createMachine({
  id: 'adBanner',
  context: ({ input }) => ({ ...input, ads: [], index: 0, elapsedMs: 0, impressed: [] }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadAds',
        src: 'loadAds',
        input: ({ context }) => ({ vendorId: context.vendorId }),
        onDone: [
          { guard: { type: 'rotatingAds', params: ({ event }) => event.output }, target: 'showing.waiting', actions: { type: 'storeAds', params: ({ event }) => event.output } },
          { guard: { type: 'hasAds', params: ({ event }) => event.output }, target: 'showing.still', actions: { type: 'storeAds', params: ({ event }) => event.output } },
          { target: 'none' },
        ],
        onError: 'none',
      },
    },
    showing: {
      entry: 'impress',
      initial: 'still',
      on: { 'ad.click': { guard: 'hasClickUrl', actions: ['recordClick', { type: 'openAd', params: ({ context }) => current(context)!.clickUrl! }] } },
      states: {
        still: {},
        waiting: {
          after: {
            check: [
              { guard: 'durationElapsed', target: 'sliding' },
              { target: 'waiting', reenter: true, actions: 'tick' },
            ],
          },
        },
        // Why a state: the view animates from the current ad to the next during it (1 s, none with reduced motion).
        sliding: {
          after: {
            slide: [
              { guard: 'nextRotates', target: 'waiting', actions: ['advance', 'impress'] },
              { target: 'still', actions: ['advance', 'impress'] },
            ],
          },
        },
      },
    },
    // No ads, or they failed to load: the banner keeps its reserved space (no layout shift) and shows no ad.
    none: {},
  },
});
