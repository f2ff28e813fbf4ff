import { createContext, useContext } from 'react';
import { createActor, waitFor, type ActorRefFrom, type AnyActorRef } from 'xstate';
import { inlineLocations, inlineVendors, type Location, type Vendor } from '../../machines/load/load.actors';
import { locationsLoadMachine, vendorsLoadMachine } from '../../machines/load/loaders';
import { selectionMachine } from '../../machines/selection/selection.machine';
import { invoiceSelectionMachine } from '../../machines/invoice-selection/invoice-selection.machine';
import { paymentMethodsMachine } from '../../machines/payment-methods/payment-methods.machine';
import type { ActorSnapshots } from '../../core/api/hydration';

export type VendorsRef = ActorRefFrom<typeof vendorsLoadMachine>;
export type LocationsRef = ActorRefFrom<typeof locationsLoadMachine>;
export type SelectionRef = ActorRefFrom<typeof selectionMachine>;
export type InvoiceSelectionRef = ActorRefFrom<typeof invoiceSelectionMachine>;
export type PaymentMethodsRef = ActorRefFrom<typeof paymentMethodsMachine>;

/**
 * The data of one token's session: the vendors slice and one locations slice per vendor, each a
 * load machine started on first use and kept until the token changes ("vendors and locations
 * load only once unless a refresh is requested"), and the selection.
 */
export interface Session {
  token: string;
  vendors(): VendorsRef;
  locations(vendorId: string): LocationsRef;
  selection: SelectionRef;
  /** Invoices chosen on a location's click-to-pay page with their disputes (survives the dispute/partial pages). */
  invoiceSelection(vendorId: string, locationId: string): InvoiceSelectionRef;
  /** Saved payment methods of a location (picker and add-method page share it; started on first use). */
  paymentMethods(vendorId: string, locationId: string): PaymentMethodsRef;
  /** The persisted snapshot of every slice started so far, by slice (`vendors`, `locations/<vendor>`, …). */
  snapshots(): ActorSnapshots;
  stop(): void;
}

export interface SessionLogic {
  vendors: typeof vendorsLoadMachine;
  locations: typeof locationsLoadMachine;
  paymentMethods?: typeof paymentMethodsMachine;
}

/**
 * Load slices start `loaded` when the page's HTML carried their data (server/http/bootstrap.ts) — the state loading
 * would reach, so the first render already has the header and the bar — else `loading` as usual. A refresh loads again.
 */
function startVendors(logic: typeof vendorsLoadMachine, data: Vendor[] | undefined): VendorsRef {
  const snapshot = data && logic.resolveState({ value: 'loaded', context: { input: undefined, data, error: undefined } });
  return createActor(logic, snapshot ? { snapshot } : undefined).start();
}

function startLocations(logic: typeof locationsLoadMachine, vendorId: string, data: Record<string, Location> | undefined): LocationsRef {
  const input = { vendorId };
  const snapshot = data && logic.resolveState({ value: 'loaded', context: { input, data, error: undefined } });
  return createActor(logic, snapshot ? { input, snapshot } : { input }).start();
}

/**
 * `restored`: the slices of an earlier render of the same page (Session.snapshots), each started from its snapshot
 * when it is first asked for, if it is of the same machine.
 */
export function createSession(token: string, logic: SessionLogic = { vendors: vendorsLoadMachine, locations: locationsLoadMachine }, restored: ActorSnapshots = {}): Session {
  let vendors: VendorsRef | null = null;
  const locations = new Map<string, LocationsRef>();
  const started = new Map<string, AnyActorRef>();
  /** The slice `key`'s restored snapshot when it is of `machine`'s, else undefined. */
  const snapshotOf = (key: string, machine: { id: string }) => (restored[key]?.machine === machine.id ? (restored[key]!.snapshot as never) : undefined);
  const track = <T extends AnyActorRef>(key: string, ref: T): T => {
    started.set(key, ref);
    return ref;
  };
  const selectionSnapshot = snapshotOf('selection', selectionMachine);
  const selection = track('selection', createActor(selectionMachine, selectionSnapshot ? { snapshot: selectionSnapshot } : undefined).start());
  const invoiceSelections = new Map<string, InvoiceSelectionRef>();
  const paymentMethods = new Map<string, PaymentMethodsRef>();
  return {
    token,
    vendors() {
      if (!vendors) {
        const snapshot = snapshotOf('vendors', logic.vendors);
        vendors = track('vendors', snapshot ? createActor(logic.vendors, { snapshot }).start() : startVendors(logic.vendors, inlineVendors(token)));
      }
      return vendors;
    },
    locations(vendorId) {
      let ref = locations.get(vendorId);
      if (!ref) {
        const snapshot = snapshotOf(`locations/${vendorId}`, logic.locations);
        ref = track(`locations/${vendorId}`, snapshot ? createActor(logic.locations, { input: { vendorId }, snapshot }).start() : startLocations(logic.locations, vendorId, inlineLocations({ vendorId }, token)));
        locations.set(vendorId, ref);
      }
      return ref;
    },
    selection,
    invoiceSelection(vendorId, locationId) {
      const key = `${vendorId}/${locationId}`;
      let ref = invoiceSelections.get(key);
      if (!ref) {
        const snapshot = snapshotOf(`invoiceSelection/${key}`, invoiceSelectionMachine);
        ref = track(`invoiceSelection/${key}`, createActor(invoiceSelectionMachine, snapshot ? { snapshot } : undefined).start());
        invoiceSelections.set(key, ref);
      }
      return ref;
    },
    paymentMethods(vendorId, locationId) {
      const key = `${vendorId}/${locationId}`;
      let ref = paymentMethods.get(key);
      if (!ref) {
        const machine = logic.paymentMethods ?? paymentMethodsMachine;
        const snapshot = snapshotOf(`paymentMethods/${key}`, machine);
        ref = track(`paymentMethods/${key}`, createActor(machine, { input: { vendorId, locationId }, ...(snapshot ? { snapshot } : {}) }).start());
        paymentMethods.set(key, ref);
      }
      return ref;
    },
    snapshots() {
      const out: ActorSnapshots = {};
      for (const [key, ref] of started) {
        const machine = ((ref as unknown as { logic?: { id?: unknown } }).logic)?.id;
        if (typeof machine === 'string') out[key] = { machine, snapshot: ref.getPersistedSnapshot() };
      }
      return out;
    },
    stop() {
      vendors?.stop();
      locations.forEach((ref) => ref.stop());
      selection.stop();
      invoiceSelections.forEach((ref) => ref.stop());
      paymentMethods.forEach((ref) => ref.stop());
    },
  };
}

/** Waits for a load slice to settle, refreshing it first when asked; throws when it failed. */
export async function settled<T>(ref: AnyActorRef, refresh: boolean): Promise<T> {
  if (refresh && ref.getSnapshot().value !== 'loading') ref.send({ type: 'load.refresh' });
  const snapshot = await waitFor(ref, (s) => s.value !== 'loading', { timeout: Infinity });
  if (snapshot.value === 'failed') throw snapshot.context.error instanceof Error ? snapshot.context.error : new Error('failed calling api');
  return snapshot.context.data as T;
}

export const SessionContext = createContext<Session | null>(null);

/**
 * The session of a page rendered on the server for its first screen (src/server-render/render-page.tsx): made once for
 * all the render's passes, so its load slices keep what they loaded. Never provided in a browser.
 */
export const ServerSessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the token guard');
  return session;
}

export type { Location, Vendor };
