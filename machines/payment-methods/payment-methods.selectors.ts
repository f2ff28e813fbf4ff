import type { SnapshotFrom } from 'xstate';
import { isCardProvider } from '../../core/rules/providers';
import type { PaymentMethod } from './payment-methods.actors';
import type { paymentMethodsMachine } from './payment-methods.machine';

type Snapshot = Pick<SnapshotFrom<typeof paymentMethodsMachine>, 'value' | 'context'>;

export type PaymentMethodsStatus = 'loading' | 'loaded' | 'failed';

export function selectStatus(snapshot: Snapshot): PaymentMethodsStatus {
  return snapshot.value as PaymentMethodsStatus;
}

export function selectMethods(snapshot: Snapshot): PaymentMethod[] {
  return snapshot.context.methods;
}

/** Loading with no method known yet: the list's size is unknown, so a page with a picker shows its skeleton. */
export function selectInitialLoad(snapshot: Snapshot): boolean {
  return selectStatus(snapshot) === 'loading' && selectMethods(snapshot).length === 0;
}

/**
 * A method may pay only when it is not deleted, needs no micro-deposit verification (spec §4, §5) and is not a bank
 * account the bank returned a payment from with R02/R03/R10 (`unusable`).
 */
export function isUsable(method: Pick<PaymentMethod, 'deletedAt' | 'displayExtra'> & { unusable?: PaymentMethod['unusable'] }): boolean {
  return !method.deletedAt && !method.displayExtra.verificationRequired && !method.unusable;
}

/** The full (untruncated) name and last four, for dialogs and error texts: "Operating 6703". */
export function methodFullName(method: Pick<PaymentMethod, 'displayExtra'>): string {
  return [method.displayExtra.name.trim(), method.displayExtra.lastFour.trim()].filter(Boolean).join(' ');
}

/**
 * The method to show as selected (spec §4: "falls back to the last used one, then to the first"):
 * the first usable of the candidates (in order: the session's selection, the page's selection,
 * the last used method from the persisted store), else the first usable method; null when none is usable.
 */
export function resolveSelection(methods: readonly PaymentMethod[], candidates: ReadonlyArray<string | null | undefined>): PaymentMethod | null {
  for (const id of candidates) {
    if (!id) continue;
    const found = methods.find((m) => m.id === id);
    if (found && isUsable(found)) return found;
  }
  return methods.find(isUsable) ?? null;
}

/** The provider ids the add-method page may use, cards and bank accounts apart, in the server's order. */
export function selectProviders(snapshot: Snapshot): { card: string | null; bank: string | null } {
  const ids = Object.keys(snapshot.context.clientFlowInfo);
  return { card: ids.find((p) => isCardProvider(p)) ?? null, bank: ids.find((p) => !isCardProvider(p)) ?? null };
}

/** The service fee (percent text, null for none) of each provider the add-method page may use. */
export function selectServiceFees(snapshot: Snapshot): Record<string, string | null> {
  return Object.fromEntries(Object.entries(snapshot.context.clientFlowInfo).map(([provider, info]) => [provider, info.serviceFee ?? null]));
}
