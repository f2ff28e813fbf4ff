/** Model events and contract-shaped samples of the reminders machine. */
import type { AnyEventObject } from 'xstate';
import { reminderEventDay } from '../../core/rules/reminders';
import { modelLocationId, modelVendorId } from '../dashboard/dashboard.model';
import type { Campaign, CampaignList } from './reminders.actors';

export { modelLocationId, modelVendorId };
export const modelRemindersInput = { vendorId: modelVendorId, locationId: modelLocationId };
export const modelReminderContactId = 'c0000000-0000-4000-8000-000000000001';

export function modelCampaign(id: string, eventDay: number): Campaign {
  return { id, eventDay, contactId: modelReminderContactId, deliverTo: 'dana@example.com' };
}
export const modelCampaignA = modelCampaign('ca000000-0000-4000-8000-000000000001', -3);
export const modelCampaignList: CampaignList = { campaigns: [modelCampaignA], contactId: modelReminderContactId, deliverTo: 'dana@example.com' };

/** An API failure as the actors throw it (shape of `ApiError`). */
export function reminderApiFailure(status: number, errorCode?: string): Error {
  return Object.assign(new Error('failed calling api on path /vendors/{vendorId}/locations/{locationId}/campaigns'), { name: 'ApiError', status, errorCode });
}

interface RemindersSnapshot {
  value: unknown;
  context: { choice: string | null; days: string; addError: string | null; campaigns: Campaign[] };
}

/**
 * One reminder loaded (3 days before), or fail. In the modal: choose "Days before", type 3 (a duplicate: submit
 * refused), then 5; a refused submit's error is cleared by typing 6.
 */
export const remindersModelEvents = (snapshot: RemindersSnapshot): AnyEventObject[] => {
  const { choice, days, addError, campaigns } = snapshot.context;
  switch (snapshot.value) {
    case 'loading':
      return [
        { type: 'xstate.done.actor.loadCampaigns', output: modelCampaignList },
        { type: 'xstate.error.actor.loadCampaigns', error: reminderApiFailure(500) },
      ];
    case 'ready':
      // Only from the loaded list (one reminder): after an add or a delete the walk ends.
      return campaigns.length === 1 ? [{ type: 'reminder.add' }, { type: 'reminder.delete', campaignId: campaigns[0].id }] : [];
    case 'adding': {
      const events: AnyEventObject[] = [{ type: 'reminder.submit' }, { type: 'reminder.cancel' }];
      if (choice === null) events.push({ type: 'reminder.choose', choice: 'before' });
      else if (days === '') events.push({ type: 'reminder.days', text: '3' });
      else if (days === '3') events.push({ type: 'reminder.days', text: '5' });
      else if (addError !== null && days === '5') events.push({ type: 'reminder.days', text: '6' });
      return events;
    }
    case 'creating':
      return [
        // The server answers the reminder the form sent.
        { type: 'xstate.done.actor.createCampaign', output: modelCampaign(`ca000000-0000-4000-8000-0000000000${String(90 - (reminderEventDay(choice as never, days) ?? 0)).padStart(2, '0')}`, reminderEventDay(choice as never, days) ?? 0) },
        { type: 'xstate.error.actor.createCampaign', error: reminderApiFailure(409, 'duplicate_reminder') },
        { type: 'xstate.error.actor.createCampaign', error: reminderApiFailure(500) },
      ];
    case 'confirmingDelete':
      return [{ type: 'reminder.confirmDelete' }, { type: 'reminder.keep' }];
    case 'deleting':
      return [{ type: 'xstate.done.actor.deleteCampaign', output: undefined }, { type: 'xstate.error.actor.deleteCampaign', error: reminderApiFailure(500) }];
    default:
      return [];
  }
};
