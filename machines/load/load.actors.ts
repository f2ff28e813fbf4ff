/** Loaders of the load machines: the only callers of the API client for these slices. */
import { takeBootstrap } from '../../core/api/bootstrap';
import { api, unwrap } from '../../core/api/client';
import type { components } from '../../core/api/schema';

export type Vendor = components['schemas']['Vendor'];
export type Location = components['schemas']['Location'];
export type ConfigResponse = components['schemas']['ConfigResponse'];
export type ConfigKey = components['schemas']['ConfigKey'];

export async function fetchVendors(_input: void, signal: AbortSignal): Promise<Vendor[]> {
  const result = await api.GET('/vendors', { signal });
  return unwrap('/vendors', result).vendors;
}

export interface LocationsInput { vendorId: string }

const locationMap = (locations: Location[]): Record<string, Location> => Object.fromEntries(locations.map((l) => [l.id, l]));

/** Locations of a vendor as a map keyed by id (spec §4). */
export async function fetchLocations({ vendorId }: LocationsInput, signal: AbortSignal): Promise<Record<string, Location>> {
  const result = await api.GET('/vendors/{vendorId}/locations', { params: { path: { vendorId } }, signal });
  const { locations } = unwrap('/vendors/{vendorId}/locations', result);
  return locationMap(locations);
}

/**
 * The vendors a token page's HTML carries for `token` (core/api/bootstrap.ts), taken once — the session starts its
 * slice loaded with them, so the first render already has the header and the bar — or undefined (then it loads).
 */
export function inlineVendors(token: string): Vendor[] | undefined {
  const body = takeBootstrap('api', '/vendors', token) as { vendors?: unknown } | undefined;
  return Array.isArray(body?.vendors) ? (body.vendors as Vendor[]) : undefined;
}

/** A vendor's locations inline in the page for `token`, as the map `fetchLocations` gives, once; else undefined. */
export function inlineLocations({ vendorId }: LocationsInput, token: string): Record<string, Location> | undefined {
  const body = takeBootstrap('api', `/vendors/${vendorId}/locations`, token) as { locations?: unknown } | undefined;
  return Array.isArray(body?.locations) ? locationMap(body.locations as Location[]) : undefined;
}

export interface ConfigInput { key: ConfigKey }

export async function fetchConfig({ key }: ConfigInput, signal: AbortSignal): Promise<ConfigResponse> {
  const result = await api.GET('/config', { params: { query: { key } }, signal });
  return unwrap('/config', result);
}
