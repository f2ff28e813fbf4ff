/** Actors of the console's Home: the vendor API's overview. */
import { fromPromise } from 'xstate';
import { networkError, unwrapConsole, vendorApi } from '../../core/api/vendor-client';
import type { components } from '../../core/api/vendor-schema';

export type Overview = components['schemas']['Overview'];

export const loadOverview = fromPromise<Overview>(async () => {
  try {
    return unwrapConsole(await vendorApi.GET('/overview'));
  } catch (error) {
    throw networkError(error);
  }
});
