/** Tag `campaigns`: payment reminders around invoice due dates (list, add, delete). Data: `repos/campaigns.ts`. */
import { authOf } from '../http/auth.js';
import type { Handlers } from '../http/api.js';
import { ApiError, notFound } from '../http/errors.js';
import { createCampaign, deleteCampaign, listCampaigns } from '../repos/campaigns.js';
import type { LocationParams, RouteDeps } from './deps.js';

/** §8 "Reminder duplicate". */
export const DUPLICATE_REMINDER_MESSAGE = 'You already have a reminder set for that day.';

export function campaignHandlers({ db }: RouteDeps): Handlers {
  return {
    async listCampaigns(request) {
      const { locationId } = request.params as LocationParams;
      return listCampaigns(db, authOf(request).contactId, locationId);
    },

    async createCampaign(request, reply) {
      const { vendorId, locationId } = request.params as LocationParams;
      const body = request.body as { eventDay: number; contactId: string };
      const contactId = authOf(request).contactId;
      // a reminder is always the caller's own: another contact's id is a record outside the token's scope
      if (body.contactId !== contactId) throw notFound('contact');
      const created = await createCampaign(db, { contactId, vendorId, locationId, eventDay: body.eventDay });
      if (created === 'duplicate') throw new ApiError(409, 'duplicate_reminder', DUPLICATE_REMINDER_MESSAGE, 'eventDay');
      return reply.code(201).send({ campaign: created });
    },

    async deleteCampaign(request, reply) {
      const { locationId, campaignId } = request.params as LocationParams & { campaignId: string };
      const deleted = await deleteCampaign(db, { contactId: authOf(request).contactId, locationId, campaignId });
      if (!deleted) throw notFound('reminder');
      return reply.code(204).send();
    },
  };
}
