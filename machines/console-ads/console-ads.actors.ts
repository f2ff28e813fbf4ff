/** Actors of the console's statement ads: the vendor's ads listed, written with their image (by the vendor's own id), removed. */
import { fromPromise } from 'xstate';
import { networkError, unwrapConsole, vendorApi } from '../../core/api/vendor-client';
import type { components } from '../../core/api/vendor-schema';

export type VendorAd = components['schemas']['VendorAd'];
export type AdInput = components['schemas']['AdInput'];
export { readImage, type ChosenImage } from '../console-settings/console-settings.actors';

export const loadAds = fromPromise<VendorAd[]>(async () => {
  try {
    return unwrapConsole(await vendorApi.GET('/ads')).ads;
  } catch (error) {
    throw networkError(error);
  }
});

export const saveAd = fromPromise<VendorAd, { ad: AdInput; idempotencyKey: string }>(async ({ input }) => {
  try {
    return unwrapConsole(await vendorApi.POST('/ads', { headers: { 'Idempotency-Key': input.idempotencyKey }, body: input.ad })).ad;
  } catch (error) {
    throw networkError(error);
  }
});

export const removeAd = fromPromise<void, { id: string }>(async ({ input }) => {
  try {
    const result = await vendorApi.DELETE('/ads', { params: { query: { id: input.id } } });
    if (!result.response.ok) unwrapConsole(result);
  } catch (error) {
    throw networkError(error);
  }
});
