/**
 * Tag `campaigns`: payment reminders around invoice due dates (list, add, delete). Data: `repos/campaigns.ts`; adding
 * and deleting, with the vendor's event: `use-cases/reminders.ts`.
 */
import { authOf } from '../http/auth.js';
import type { Handlers } from '../http/api.js';
import { notFound } from '../http/errors.js';
import { answerOf } from '../http/refusal.js';
import { listCampaigns } from '../repos/campaigns.js';
import { addReminder, deleteReminder } from '../use-cases/reminders.js';
import type { LocationParams, RouteDeps } from './deps.js';

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
      const campaign = answerOf(await addReminder(db, { contactId, vendorId, locationId, eventDay: body.eventDay }));
      return reply.code(201).send({ campaign });
    },

    async deleteCampaign(request, reply) {
      const { locationId, campaignId } = request.params as LocationParams & { campaignId: string };
      answerOf(await deleteReminder(db, { contactId: authOf(request).contactId, locationId, campaignId }));
      return reply.code(204).send();
    },
  };
}
