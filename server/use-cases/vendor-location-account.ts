/**
 * A location's account as its vendor's people see it (`GET /locations/{locationId}/account`, the console's customer
 * page): its AutoPay (active, or paused while its bank account is unusable), its payment plans, its saved payment
 * methods (name, brand, last four, expiry and whether it can pay — never a number or token) and its statement
 * deliveries, each with the contact it belongs to. Another vendor's location is not found.
 */
import type { components } from '../../core/api/vendor-schema.js';
import { centsToAmount } from '../../core/rules/money.js';
import { schedulePause } from '../../core/rules/payment-retries.js';
import type { Db } from '../db/connect.js';
import { toDateString } from '../domain/dates.js';
import { paymentMethodTypeOf } from '../domain/payments.js';
import { locationOfVendor } from '../repos/vendor-records.js';
import { accountAutopay, accountMethods, accountPlans, accountStatementDeliveries } from '../repos/vendor-location-account.js';
import { notFoundRefusal, ok, type Outcome } from './outcome.js';

type Schemas = components['schemas'];
export type LocationAccount = Schemas['LocationAccount'];

/** How many plans, methods and statement deliveries the account lists (the newest). */
export const ACCOUNT_LIST_LIMIT = 100;

const contactOf = (r: { contactId: string; contactFirstName: string; contactLastName: string }) => ({ id: r.contactId, name: `${r.contactFirstName} ${r.contactLastName}`.trim() });
const methodOf = (r: { methodId: string; methodProvider: string; methodName: string; methodLastFour: string }) => ({
  id: r.methodId,
  type: paymentMethodTypeOf(r.methodProvider),
  name: r.methodName,
  lastFour: r.methodLastFour,
});
const pauseOf = (r: { methodName: string; methodLastFour: string; methodReturnedCode: string | null; methodUnusableSince: Date | null }) =>
  schedulePause({ name: r.methodName, lastFour: r.methodLastFour, returnedCode: r.methodReturnedCode, unusableSince: r.methodUnusableSince });

export async function locationAccount(db: Db, vendorId: string, locationId: string): Promise<Outcome<LocationAccount>> {
  if (!(await locationOfVendor(db, vendorId, locationId))) return { ok: false, refusal: notFoundRefusal('location') };
  const [autopay, plans, methods, deliveries] = await Promise.all([
    accountAutopay(db, vendorId, locationId),
    accountPlans(db, vendorId, locationId, ACCOUNT_LIST_LIMIT),
    accountMethods(db, vendorId, locationId, ACCOUNT_LIST_LIMIT),
    accountStatementDeliveries(db, vendorId, locationId, ACCOUNT_LIST_LIMIT),
  ]);
  return ok({
    autopay: autopay
      ? (() => {
          const pause = pauseOf(autopay);
          return {
            id: autopay.id,
            contact: contactOf(autopay),
            method: methodOf(autopay),
            startDate: toDateString(autopay.startDate),
            excludedInvoiceCount: (autopay.excludedInvoiceIds ?? []).length,
            status: pause ? ('paused' as const) : ('active' as const),
            pausedBecause: pause ? pause.message : null,
          };
        })()
      : null,
    paymentPlans: plans.map((p) => {
      const pause = p.status === 'active' ? pauseOf(p) : null;
      return {
        id: p.id,
        name: p.name,
        status: pause ? ('paused' as const) : p.status,
        pausedBecause: pause ? pause.message : null,
        frequency: p.frequency,
        startDate: toDateString(p.startDate),
        totalAmount: centsToAmount(p.totalAmountCents),
        eachAmount: centsToAmount(p.eachAmountCents),
        method: methodOf(p),
        contact: contactOf(p),
      };
    }),
    paymentMethods: methods.map((m) => ({
      id: m.id,
      type: paymentMethodTypeOf(m.provider),
      name: m.name,
      brand: m.brand,
      lastFour: m.lastFour,
      expires: m.expMonth !== null && m.expYear !== null ? `${String(m.expMonth).padStart(2, '0')}/${String(m.expYear % 100).padStart(2, '0')}` : null,
      verified: !m.verificationRequired,
      usable: !schedulePause({ name: m.name, lastFour: m.lastFour, returnedCode: m.returnedCode, unusableSince: m.unusableSince }),
      contact: contactOf(m),
    })),
    statementDeliveries: deliveries.map((s) => ({
      id: s.id,
      scheduleUnit: s.scheduleUnit,
      scheduleValue: s.scheduleValue,
      sendEmptyStatements: s.sendEmptyStatements,
      activeFrom: toDateString(s.activeFrom),
      contact: contactOf(s),
    })),
  });
}
