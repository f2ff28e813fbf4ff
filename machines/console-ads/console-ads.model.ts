import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { ConsoleApiError } from '../../core/api/vendor-client';
import { SAMPLE_PNG_BASE64 } from '../console-settings/console-settings.model';
import type { VendorAd } from './console-ads.actors';
import type { consoleAdsMachine } from './console-ads.machine';

export const adsModelInput = { editable: true };

export const adsSample: VendorAd[] = [
  { id: '7a9cbe20-a5c0-487f-8c4d-491290d9f003', externalId: null, imageUrl: '/static/ads/pfg-autopay.svg', clickUrl: 'https://www.performancefoodservice.com/', order: 1, duration: 8 },
  { id: 'b3fe57dd-c021-4b91-aa7a-f997d664b04c', externalId: 'winter-promo', imageUrl: '/vendor-images/b9f80e6e-ea97-4d7d-91d3-e95b785dedfc/4977.png', clickUrl: 'https://www.example.com/winter', order: 2, duration: 5 },
];

const png = () => new Blob([Uint8Array.from(atob(SAMPLE_PNG_BASE64), (c) => c.charCodeAt(0))], { type: 'image/png' });

/**
 * Model events: the ads (one from before the API, one through it), offline, retry; a text file refused, a PNG read
 * (or unreadable), a click address that is not https then one that is, saved (or refused); the API's ad given more
 * seconds, or the change dropped; the old one removed after its confirmation (cancelled, refused, or removed).
 */
export function consoleAdsModelEvents(snapshot: SnapshotFrom<typeof consoleAdsMachine>): EventObject[] {
  const { draft, done, notice, ads, keyBase, imageProblem } = snapshot.context;
  const fresh = done === 0 && notice === null && draft.externalId === null && draft.image === null && imageProblem === null;
  const apiAd = ads.find((a) => a.externalId === 'winter-promo');
  const newAd = draft.externalId === null;
  const candidates: AnyEventObject[] = [
    { type: 'ads.retry' },
    { type: 'xstate.done.actor.loadAds', output: adsSample },
    { type: 'xstate.error.actor.loadAds', error: new ConsoleApiError(0) },
    ...(fresh ? [{ type: 'image.choose', file: new Blob(['hello'], { type: 'text/plain' }), name: 'notes.txt' }] : []),
    ...(done === 0 && newAd && draft.image === null && imageProblem === 'type' ? [{ type: 'image.choose', file: png(), name: 'spring.png' }] : []),
    ...(done === 0 && newAd && draft.image !== null && draft.clickUrl === '' ? [{ type: 'draft.change', field: 'clickUrl', value: 'http://www.example.com/spring' }] : []),
    ...(done === 0 && newAd && draft.clickUrl.startsWith('http:') ? [{ type: 'draft.change', field: 'clickUrl', value: 'https://www.example.com/spring' }] : []),
    ...(fresh && apiAd ? [{ type: 'ad.edit', id: apiAd.id }] : []),
    ...(!newAd && draft.duration === '5' ? [{ type: 'draft.change', field: 'duration', value: '12' }] : []),
    ...(!newAd ? [{ type: 'draft.clear' }] : []),
    ...((newAd && draft.clickUrl.startsWith('https:')) || (!newAd && draft.duration === '12') ? [{ type: 'ad.save' }] : []),
    {
      type: 'xstate.done.actor.saveAd',
      output:
        !newAd && apiAd
          ? { ...apiAd, duration: Number(draft.duration) }
          : { id: '2c4e6a8b-1d3f-4a5c-9e7b-0f2a4c6e8a1b', externalId: `console-${keyBase.slice(0, 8)}-${done}`, imageUrl: '/vendor-images/b9f80e6e-ea97-4d7d-91d3-e95b785dedfc/1a2b.png', clickUrl: draft.clickUrl.trim() || null, order: Number(draft.order), duration: Number(draft.duration) },
    },
    { type: 'xstate.error.actor.saveAd', error: new ConsoleApiError(422, 'limit_reached', 'A vendor has at most 20 ads.') },
    { type: 'xstate.done.actor.readAdImage', output: { contentType: 'image/png', data: SAMPLE_PNG_BASE64, name: 'spring.png' } },
    { type: 'xstate.error.actor.readAdImage', error: new Error('The file could not be read.') },
    ...(fresh && ads.some((a) => a.externalId === null) ? [{ type: 'remove.ask', id: adsSample[0]!.id }] : []),
    { type: 'remove.confirm' },
    { type: 'remove.cancel' },
    { type: 'xstate.done.actor.removeAd' },
    { type: 'xstate.error.actor.removeAd', error: new ConsoleApiError(503, 'unavailable', 'PerformancePay is busy: try again in a moment.') },
  ];
  return candidates.filter((e) => snapshot.can(e as never));
}
