/** Reminder campaign calls (recurring §2.6, §7): list, create, delete. The only API callers of the reminders machine. */
import { fromPromise } from 'xstate';
import { api, unwrap } from '../../core/api/client';
import type { components } from '../../core/api/schema';

export type Campaign = components['schemas']['Campaign'];
export type CampaignList = components['schemas']['CampaignList'];

export interface LocationScope {
  vendorId: string;
  locationId: string;
}

const LIST_PATH = '/vendors/{vendorId}/locations/{locationId}/campaigns';
const ITEM_PATH = '/vendors/{vendorId}/locations/{locationId}/campaigns/{campaignId}';

export const loadCampaigns = fromPromise<CampaignList, LocationScope>(async ({ input, signal }) =>
  unwrap(LIST_PATH, await api.GET(LIST_PATH, { params: { path: input }, signal })));

export const createCampaign = fromPromise<Campaign, LocationScope & { eventDay: number; contactId: string }>(async ({ input, signal }) => {
  const { eventDay, contactId, ...path } = input;
  return unwrap(LIST_PATH, await api.POST(LIST_PATH, { params: { path }, body: { eventDay, contactId }, signal })).campaign;
});

export const deleteCampaign = fromPromise<void, LocationScope & { campaignId: string }>(async ({ input, signal }) => {
  unwrap(ITEM_PATH, await api.DELETE(ITEM_PATH, { params: { path: input }, signal }));
});

/** The server's answer to a second reminder for the same day (409 `duplicate_reminder`). */
export function isDuplicateError(error: unknown): boolean {
  const e = error as { status?: number; errorCode?: string } | null;
  return e?.status === 409;
}
