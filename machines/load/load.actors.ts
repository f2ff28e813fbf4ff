/** Loaders of the load machines: the only callers of the API client for these slices. */
import { api, unwrap } from '../../src/api/client';
import type { components } from '../../src/api/schema';

export type Vendor = components['schemas']['Vendor'];
export type Location = components['schemas']['Location'];
export type ConfigResponse = components['schemas']['ConfigResponse'];
export type ConfigKey = components['schemas']['ConfigKey'];

export async function fetchVendors(_input: void, signal: AbortSignal): Promise<Vendor[]> {
  const result = await api.GET('/vendors', { signal });
  return unwrap('/vendors', result).vendors;
}

export interface LocationsInput { vendorId: string }

/** Locations of a vendor as a map keyed by id (spec §4). */
export async function fetchLocations({ vendorId }: LocationsInput, signal: AbortSignal): Promise<Record<string, Location>> {
  const result = await api.GET('/vendors/{vendorId}/locations', { params: { path: { vendorId } }, signal });
  const { locations } = unwrap('/vendors/{vendorId}/locations', result);
  return Object.fromEntries(locations.map((l) => [l.id, l]));
}

export interface ConfigInput { key: ConfigKey }

export async function fetchConfig({ key }: ConfigInput, signal: AbortSignal): Promise<ConfigResponse> {
  const result = await api.GET('/config', { params: { query: { key } }, signal });
  return unwrap('/config', result);
}
