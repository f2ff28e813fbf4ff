/** Pure sort rules of the choosers (spec §2). */
import type { Location, Vendor } from '../load/load.actors';
import { paths } from '../../core/rules/paths';

/** Vendors sorted by name ignoring case. */
export function sortVendors(vendors: readonly Vendor[]): Vendor[] {
  return [...vendors].sort((a, b) => {
    const x = a.name.toLowerCase();
    const y = b.name.toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/** Locations (list or map keyed by id) sorted by display name ascending. */
export function sortLocations(locations: readonly Location[] | Record<string, Location>): Location[] {
  const list = Array.isArray(locations) ? [...locations] : Object.values(locations);
  return list.sort((a, b) => (a.displayName < b.displayName ? -1 : a.displayName > b.displayName ? 1 : 0));
}

/** One-line address: "addressLine1, addressLine2, City, ST 12345". */
export function formatAddress(address: Location['address'] | undefined): string {
  if (!address) return '';
  const street = [address.addressLine1, address.addressLine2].filter(Boolean).join(', ');
  const cityLine = [address.city, [address.state, address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [street, cityLine].filter(Boolean).join(', ');
}

export function vendorLabel(vendor: Pick<Vendor, 'name' | 'displayName'>): string {
  return vendor.displayName || vendor.name;
}

/**
 * Where the change-location bar leads (spec §2), or null when there is nothing to change to: the vendor's location
 * chooser when it has more than one location, else the vendor chooser when there is more than one vendor.
 */
export function changeLocationPath(token: string, vendorId: string, vendorCount: number, locationCount: number): string | null {
  if (locationCount > 1) return paths.locations(token, vendorId);
  if (vendorCount > 1) return paths.vendors(token);
  return null;
}
