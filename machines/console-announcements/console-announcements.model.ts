import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { ConsoleApiError } from '../../core/api/vendor-client';
import type { VendorAnnouncement } from './console-announcements.actors';
import type { consoleAnnouncementsMachine } from './console-announcements.machine';

export const announcementsModelInput = { editable: true };

export const announcementsSample: VendorAnnouncement[] = [
  { id: 'b4d122a5-bf3a-4648-8e88-6f52ef8e3617', externalId: null, type: 'info', message: 'New: turn on AutoPay for any of your locations and never miss a due date.', expirationDate: null, createdAt: '2026-11-22T14:00:00.000Z' },
  { id: 'bbc2ef60-7b3f-4a8b-a65a-5aae93d0bf5a', externalId: 'closed-monday', type: 'info', message: 'Our offices are closed Monday; payments still go through.', expirationDate: '2026-12-01', createdAt: '2026-11-27T01:43:28.861Z' },
];

/**
 * Model events: the announcements (one written before the API, one through it), offline, retry; a new red one typed
 * with an expiry, saved (or refused); the API's one changed, or the change dropped; the old one removed after its
 * confirmation (cancelled, refused, or removed).
 */
export function consoleAnnouncementsModelEvents(snapshot: SnapshotFrom<typeof consoleAnnouncementsMachine>): EventObject[] {
  const { draft, done, notice, items, keyBase } = snapshot.context;
  const fresh = done === 0 && notice === null && draft.externalId === null && draft.message === '';
  const apiOne = items.find((a) => a.externalId === 'closed-monday');
  const candidates: AnyEventObject[] = [
    { type: 'announcements.retry' },
    { type: 'xstate.done.actor.loadAnnouncements', output: announcementsSample },
    { type: 'xstate.error.actor.loadAnnouncements', error: new ConsoleApiError(0) },
    ...(fresh ? [{ type: 'draft.change', field: 'message', value: 'Our offices are closed Friday; payments still go through.' }] : []),
    ...(done === 0 && draft.externalId === null && draft.message !== '' && draft.type === 'info' ? [{ type: 'draft.change', field: 'type', value: 'error' }] : []),
    ...(done === 0 && draft.externalId === null && draft.type === 'error' && draft.expires === '' ? [{ type: 'draft.change', field: 'expires', value: '2026-12-31' }] : []),
    ...(fresh && apiOne ? [{ type: 'announcement.edit', id: apiOne.id }] : []),
    ...(draft.externalId !== null && draft.message === apiOne?.message ? [{ type: 'draft.change', field: 'message', value: 'Closed Monday and Tuesday.' }] : []),
    ...(draft.externalId !== null ? [{ type: 'draft.clear' }] : []),
    ...((draft.externalId === null && draft.expires !== '') || (draft.externalId !== null && draft.message !== apiOne?.message) ? [{ type: 'announcement.save' }] : []),
    {
      type: 'xstate.done.actor.saveAnnouncement',
      output:
        draft.externalId !== null && apiOne
          ? { ...apiOne, type: draft.type, message: draft.message.trim(), expirationDate: draft.expires || null }
          : { id: '9e3b7a51-2c4d-4e6f-8a9b-0c1d2e3f4a5b', externalId: `console-${keyBase.slice(0, 8)}-${done}`, type: draft.type, message: draft.message.trim(), expirationDate: draft.expires || null, createdAt: '2026-11-29T12:00:00.000Z' },
    },
    { type: 'xstate.error.actor.saveAnnouncement', error: new ConsoleApiError(422, 'limit_reached', 'A vendor has at most 100 announcements.') },
    ...(fresh && items.some((a) => a.externalId === null) ? [{ type: 'remove.ask', id: announcementsSample[0]!.id }] : []),
    { type: 'remove.confirm' },
    { type: 'remove.cancel' },
    { type: 'xstate.done.actor.removeAnnouncement' },
    { type: 'xstate.error.actor.removeAnnouncement', error: new ConsoleApiError(503, 'unavailable', 'PerformancePay is busy: try again in a moment.') },
  ];
  return candidates.filter((e) => snapshot.can(e as never));
}
