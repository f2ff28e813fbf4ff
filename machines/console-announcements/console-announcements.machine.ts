import { assign, setup } from 'xstate';
import { loadAnnouncements, removeAnnouncement, saveAnnouncement, type VendorAnnouncement } from './console-announcements.actors';

export interface AnnouncementDraft {
  /** the announcement changed (its vendor id), or null for a new one */
  externalId: string | null;
  type: 'info' | 'error';
  message: string;
  /** `yyyy-MM-dd` or '' (until removed) */
  expires: string;
}

export interface ConsoleAnnouncementsContext {
  editable: boolean;
  items: VendorAnnouncement[];
  draft: AnnouncementDraft;
  target: VendorAnnouncement | null;
  problem: string | null;
  notice: 'saved' | 'removed' | null;
  keyBase: string;
  done: number;
}

export type ConsoleAnnouncementsEvent =
  | { type: 'announcements.retry' }
  | { type: 'draft.change'; field: 'type' | 'message' | 'expires'; value: string }
  | { type: 'announcement.edit'; id: string }
  | { type: 'draft.clear' }
  | { type: 'announcement.save' }
  | { type: 'remove.ask'; id: string }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
// one line of plain text (openapi/vendor.yaml `AnnouncementInput.message`)
const LINE = /^[^\u0000-\u001f]+$/;
export const emptyAnnouncementDraft: AnnouncementDraft = { externalId: null, type: 'info', message: '', expires: '' };

export const announcementDraftValid = (d: AnnouncementDraft) => d.message.trim() !== '' && d.message.trim().length <= 500 && LINE.test(d.message.trim()) && (d.expires === '' || DATE.test(d.expires));

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);
const messageOf = (error: unknown) => (error as { message?: string } | undefined)?.message ?? 'That did not reach PerformancePay. Try again.';

/**
 * The Content page's announcements: the banners at the top of the customer's pages (`info` blue and dismissible,
 * `error` red), every one listed with its expiry; AR clerks and admins add one, change one written here or through the
 * API (by its vendor id), remove one after a confirmation. A new one gets the id `console-<key>-<n>`.
 *
 * loading ──▶ ready | failed (retry)
 * ready ──draft.change / announcement.edit / draft.clear──▶ ready
 * ready ──announcement.save [one line, 1–500 characters; a whole day or none]──▶ saving ──▶ ready (saved) | ready (problem, draft kept)
 * ready ──remove.ask──▶ confirmingRemove ──confirm──▶ removing ──▶ ready (removed) | confirmingRemove (problem)
 */
export const consoleAnnouncementsMachine = setup({
  types: {} as { context: ConsoleAnnouncementsContext; events: ConsoleAnnouncementsEvent; input: { editable: boolean } },
  actors: { loadAnnouncements, saveAnnouncement, removeAnnouncement },
  guards: {
    editable: ({ context }) => context.editable,
    valid: ({ context }) => context.editable && announcementDraftValid(context.draft),
    changeable: ({ context, event }) => context.editable && event.type === 'announcement.edit' && context.items.some((a) => a.id === event.id && a.externalId !== null),
    known: ({ context, event }) => context.editable && event.type === 'remove.ask' && context.items.some((a) => a.id === event.id),
  },
}).createMachine({
  id: 'consoleAnnouncements',
  context: ({ input }) => ({ editable: input.editable, items: [], draft: emptyAnnouncementDraft, target: null, problem: null, notice: null, keyBase: newKey(), done: 0 }),
  initial: 'loading',
  states: {
    loading: {
      invoke: { id: 'loadAnnouncements', src: 'loadAnnouncements', onDone: { target: 'ready', actions: assign({ items: ({ event }) => event.output }) }, onError: { target: 'failed' } },
    },
    failed: { on: { 'announcements.retry': { target: 'loading' } } },
    ready: {
      on: {
        'draft.change': { guard: 'editable', actions: assign({ draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }), problem: null, notice: null }) },
        'announcement.edit': {
          guard: 'changeable',
          actions: assign({
            draft: ({ context, event }) => {
              const a = context.items.find((x) => x.id === event.id)!;
              return { externalId: a.externalId, type: a.type, message: a.message, expires: a.expirationDate ?? '' };
            },
            problem: null,
            notice: null,
          }),
        },
        'draft.clear': { guard: 'editable', actions: assign({ draft: emptyAnnouncementDraft, problem: null }) },
        'announcement.save': { guard: 'valid', target: 'saving', actions: assign({ problem: null, notice: null }) },
        'remove.ask': { guard: 'known', target: 'confirmingRemove', actions: assign({ target: ({ context, event }) => context.items.find((a) => a.id === event.id)!, problem: null, notice: null }) },
      },
    },
    saving: {
      invoke: {
        id: 'saveAnnouncement',
        src: 'saveAnnouncement',
        input: ({ context }) => ({
          announcement: {
            externalId: context.draft.externalId ?? `console-${context.keyBase.slice(0, 8)}-${context.done}`,
            type: context.draft.type,
            message: context.draft.message.trim(),
            expirationDate: context.draft.expires || null,
          },
          idempotencyKey: `${context.keyBase}-${context.done}`,
        }),
        onDone: {
          target: 'ready',
          actions: assign({
            items: ({ context, event }) => (context.items.some((a) => a.id === event.output.id) ? context.items.map((a) => (a.id === event.output.id ? event.output : a)) : [...context.items, event.output]),
            draft: emptyAnnouncementDraft,
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
        id: 'removeAnnouncement',
        src: 'removeAnnouncement',
        input: ({ context }) => ({ id: context.target!.id }),
        onDone: {
          target: 'ready',
          actions: assign({
            items: ({ context }) => context.items.filter((a) => a.id !== context.target!.id),
            draft: ({ context }) => (context.draft.externalId !== null && context.draft.externalId === context.target!.externalId ? emptyAnnouncementDraft : context.draft),
            target: null,
            notice: 'removed',
          }),
        },
        onError: { target: 'confirmingRemove', actions: assign({ problem: ({ event }) => messageOf(event.error) }) },
      },
    },
  },
});
