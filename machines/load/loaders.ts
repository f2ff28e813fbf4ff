/** The load machines of the session slices, all built from the one factory. */
import { createLoadMachine } from './load.machine';
import { fetchConfig, fetchLocations, fetchVendors, type ConfigInput, type ConfigResponse, type Location, type LocationsInput, type Vendor } from './load.actors';

export const vendorsLoadMachine = createLoadMachine<Vendor[], void>('vendorsLoad', fetchVendors);
export const locationsLoadMachine = createLoadMachine<Record<string, Location>, LocationsInput>('locationsLoad', fetchLocations);
export const configLoadMachine = createLoadMachine<ConfigResponse, ConfigInput>('configLoad', fetchConfig);
