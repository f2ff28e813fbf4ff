import type { AnyEventObject as EventObject, SnapshotFrom } from 'xstate';
import type { Announcement } from './announcements.actors';
import type { announcementsMachine } from './announcements.machine';

/** Fixture for the model walk: one info (dismissible) and one error (not dismissible) banner. */
export const modelAnnouncements: Announcement[] = [
  { id: 'info-1', type: 'info', message: 'Scheduled maintenance on Sunday from 1:00 to 3:00 AM CT.' },
  { id: 'error-1', type: 'error', message: 'Card payments are delayed today.' },
];

export function announcementsModelEvents(snapshot: SnapshotFrom<typeof announcementsMachine>): EventObject[] {
  const events: EventObject[] = [];
  if (snapshot.matches('loading')) {
    events.push({ type: 'xstate.done.actor.loadAnnouncements', output: modelAnnouncements });
    events.push({ type: 'xstate.error.actor.loadAnnouncements', error: new Error('offline') });
  }
  if (snapshot.matches('ready')) {
    for (const a of snapshot.context.announcements) events.push({ type: 'announcement.dismiss', id: a.id });
    events.push({ type: 'announcements.refresh', source: { authenticated: true, vendorId: null } });
  }
  return events.filter((e) => snapshot.can(e as never));
}
