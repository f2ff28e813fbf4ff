/** Actors of the console's settings: the vendor's settings read and changed (a partial update), and a logo file read. */
import { fromPromise } from 'xstate';
import { networkError, unwrapConsole, vendorApi } from '../../core/api/vendor-client';
import type { components } from '../../core/api/vendor-schema';

export type VendorSettings = components['schemas']['VendorSettings'];
export type SettingsPatch = components['schemas']['VendorSettingsPatch'];
export type FeatureFlagName = keyof components['schemas']['VendorFeatureFlags'];
export type ImageType = components['schemas']['ImageUpload']['contentType'];

/** An image read for upload: its type, its bytes in base64, and the file's name (shown). */
export interface ChosenImage {
  contentType: ImageType;
  data: string;
  name: string;
}

export const loadSettings = fromPromise<VendorSettings>(async () => {
  try {
    return unwrapConsole(await vendorApi.GET('/settings'));
  } catch (error) {
    throw networkError(error);
  }
});

export const saveSettings = fromPromise<VendorSettings, { patch: SettingsPatch }>(async ({ input }) => {
  try {
    return unwrapConsole(await vendorApi.PATCH('/settings', { body: input.patch }));
  } catch (error) {
    throw networkError(error);
  }
});

/** Reads a chosen image file as base64 (the browser's FileReader; the bytes go to the server, which checks them). */
export const readImage = fromPromise<ChosenImage, { file: Blob; name: string; contentType: ImageType }>(
  ({ input }) =>
    new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
      reader.onload = () => {
        const url = String(reader.result);
        resolve({ contentType: input.contentType, data: url.slice(url.indexOf(',') + 1), name: input.name });
      };
      reader.readAsDataURL(input.file);
    }),
);
