import { assign, setup } from 'xstate';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '../console-settings/console-settings.machine';
import type { ImageType } from '../console-settings/console-settings.actors';
import { loadAds, readImage, removeAd, saveAd, type ChosenImage, type VendorAd } from './console-ads.actors';

export interface AdDraft {
  /** the ad changed (its vendor id), or null for a new one */
  externalId: string | null;
  /** a new image; null keeps the ad's own (a new ad needs one) */
  image: ChosenImage | null;
  clickUrl: string;
  order: string;
  duration: string;
}

export interface ConsoleAdsContext {
  editable: boolean;
  ads: VendorAd[];
  draft: AdDraft;
  imageProblem: 'type' | 'size' | 'unreadable' | null;
  target: VendorAd | null;
  problem: string | null;
  notice: 'saved' | 'removed' | null;
  keyBase: string;
  done: number;
}

export type ConsoleAdsEvent =
  | { type: 'ads.retry' }
  | { type: 'draft.change'; field: 'clickUrl' | 'order' | 'duration'; value: string }
  | { type: 'image.choose'; file: Blob; name: string }
  | { type: 'ad.edit'; id: string }
  | { type: 'draft.clear' }
  | { type: 'ad.save' }
  | { type: 'remove.ask'; id: string }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' };

export const emptyAdDraft: AdDraft = { externalId: null, image: null, clickUrl: '', order: '1', duration: '8' };

/** What is wrong with the ad as typed: field → message (the server checks again). */
export function adDraftProblems(d: AdDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  const url = d.clickUrl.trim();
  if (url !== '') {
    let ok = false;
    try {
      ok = url.startsWith('https://') && new URL(url).protocol === 'https:' && url.length <= 2000;
    } catch {
      ok = false;
    }
    if (!ok) problems.clickUrl = 'Enter a whole https:// address, or leave it empty for an ad that is not a link.';
  }
  if (!/^\d{1,5}$/.test(d.order) || Number(d.order) > 10000) problems.order = 'Enter a number from 0 to 10,000.';
  if (!/^\d{1,3}$/.test(d.duration) || Number(d.duration) > 300) problems.duration = 'Enter a number of seconds from 0 to 300.';
  if (d.externalId === null && d.image === null) problems.image = 'Choose the ad’s image.';
  return problems;
}

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);
const messageOf = (error: unknown) => (error as { message?: string } | undefined)?.message ?? 'That did not reach PerformancePay. Try again.';

/**
 * The Content page's statement ads: the banner on the customer's statement page rotates through them by order, each
 * shown its seconds. Listed with their image; AR clerks and admins add one (an image, PNG/JPEG/WebP ≤ 512 KB, read
 * and previewed; a click address, https, or none), change one (keeping its image unless another is chosen), remove
 * one after a confirmation.
 *
 * loading ──▶ ready | failed (retry)
 * ready ──image.choose [an image ≤ 512 KiB]──▶ readingImage ──▶ ready (previewed) | ready (unreadable);  [else] ready (imageProblem)
 * ready ──ad.save [nothing wrong]──▶ saving ──▶ ready (saved) | ready (problem, draft kept)
 * ready ──remove.ask──▶ confirmingRemove ──confirm──▶ removing ──▶ ready (removed) | confirmingRemove (problem)
 */
export const consoleAdsMachine = setup({
  types: {} as { context: ConsoleAdsContext; events: ConsoleAdsEvent; input: { editable: boolean } },
  actors: { loadAds, saveAd, removeAd, readImage },
  guards: {
    editable: ({ context }) => context.editable,
    imageAccepted: ({ context, event }) => context.editable && event.type === 'image.choose' && IMAGE_TYPES.includes(event.file.type as ImageType) && event.file.size <= IMAGE_MAX_BYTES,
    valid: ({ context }) => context.editable && Object.keys(adDraftProblems(context.draft)).length === 0,
    changeable: ({ context, event }) => context.editable && event.type === 'ad.edit' && context.ads.some((a) => a.id === event.id && a.externalId !== null),
    known: ({ context, event }) => context.editable && event.type === 'remove.ask' && context.ads.some((a) => a.id === event.id),
  },
}).createMachine({
  id: 'consoleAds',
  context: ({ input }) => ({ editable: input.editable, ads: [], draft: emptyAdDraft, imageProblem: null, target: null, problem: null, notice: null, keyBase: newKey(), done: 0 }),
  initial: 'loading',
  states: {
    loading: { invoke: { id: 'loadAds', src: 'loadAds', onDone: { target: 'ready', actions: assign({ ads: ({ event }) => event.output }) }, onError: { target: 'failed' } } },
    failed: { on: { 'ads.retry': { target: 'loading' } } },
    ready: {
      on: {
        'draft.change': { guard: 'editable', actions: assign({ draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }), problem: null, notice: null }) },
        'image.choose': [
          { guard: 'imageAccepted', target: 'readingImage', actions: assign({ imageProblem: null, notice: null, problem: null }) },
          { guard: 'editable', actions: assign({ imageProblem: ({ event }) => (IMAGE_TYPES.includes(event.file.type as ImageType) ? 'size' : 'type'), notice: null }) },
        ],
        'ad.edit': {
          guard: 'changeable',
          actions: assign({
            draft: ({ context, event }) => {
              const a = context.ads.find((x) => x.id === event.id)!;
              return { externalId: a.externalId, image: null, clickUrl: a.clickUrl ?? '', order: String(a.order), duration: String(a.duration) };
            },
            imageProblem: null,
            problem: null,
            notice: null,
          }),
        },
        'draft.clear': { guard: 'editable', actions: assign({ draft: emptyAdDraft, imageProblem: null, problem: null }) },
        'ad.save': { guard: 'valid', target: 'saving', actions: assign({ problem: null, notice: null }) },
        'remove.ask': { guard: 'known', target: 'confirmingRemove', actions: assign({ target: ({ context, event }) => context.ads.find((a) => a.id === event.id)!, problem: null, notice: null }) },
      },
    },
    readingImage: {
      invoke: {
        id: 'readAdImage',
        src: 'readImage',
        input: ({ event }) => {
          const e = event as Extract<ConsoleAdsEvent, { type: 'image.choose' }>;
          return { file: e.file, name: e.name, contentType: e.file.type as ImageType };
        },
        onDone: { target: 'ready', actions: assign({ draft: ({ context, event }) => ({ ...context.draft, image: event.output }) }) },
        onError: { target: 'ready', actions: assign({ imageProblem: 'unreadable' }) },
      },
    },
    saving: {
      invoke: {
        id: 'saveAd',
        src: 'saveAd',
        input: ({ context }) => ({
          ad: {
            externalId: context.draft.externalId ?? `console-${context.keyBase.slice(0, 8)}-${context.done}`,
            ...(context.draft.image ? { image: { contentType: context.draft.image.contentType, data: context.draft.image.data } } : {}),
            clickUrl: context.draft.clickUrl.trim() || null,
            order: Number(context.draft.order),
            duration: Number(context.draft.duration),
          },
          idempotencyKey: `${context.keyBase}-${context.done}`,
        }),
        onDone: {
          target: 'ready',
          actions: assign({
            ads: ({ context, event }) => {
              const others = context.ads.filter((a) => a.id !== event.output.id);
              return [...others, event.output].sort((a, b) => a.order - b.order);
            },
            draft: emptyAdDraft,
            notice: 'saved',
            done: ({ context }) => context.done + 1,
          }),
        },
        onError: { target: 'ready', actions: assign({ problem: ({ event }) => messageOf(event.error) }) },
      },
    },
    confirmingRemove: {
      on: {
        'remove.confirm': { target: 'removing' },
        'remove.cancel': { target: 'ready', actions: assign({ target: null, problem: null }) },
      },
    },
    removing: {
      invoke: {
        id: 'removeAd',
        src: 'removeAd',
        input: ({ context }) => ({ id: context.target!.id }),
        onDone: {
          target: 'ready',
          actions: assign({
            ads: ({ context }) => context.ads.filter((a) => a.id !== context.target!.id),
            draft: ({ context }) => (context.draft.externalId !== null && context.draft.externalId === context.target!.externalId ? emptyAdDraft : context.draft),
            target: null,
            notice: 'removed',
          }),
        },
        onError: { target: 'confirmingRemove', actions: assign({ problem: ({ event }) => messageOf(event.error) }) },
      },
    },
  },
});
