/** Model events and contract-shaped samples of the statement machines (registry walks, transition tests, view walks). */
import type { AnyEventObject } from 'xstate';
import { modelLocationId, modelVendorId } from '../dashboard/dashboard.model';
import type { AdBannerInput } from './ad-banner.machine';
import type { Advertisement, Statement, StatementDelivery, StatementDeliveryList } from './statement.actors';

export { modelLocationId, modelVendorId };
export const modelStatementInput = { vendorId: modelVendorId, locationId: modelLocationId };
export const modelAdInput: AdBannerInput = { ...modelStatementInput, userTimezone: 'America/Chicago', reducedMotion: false };

export const modelStatement: Statement = {
  asOf: '2026-11-23T15:04:00Z',
  asOfLocal: '2026-11-23T09:04',
  timezone: 'America/Chicago',
  requestMarked: false,
  lines: [
    { id: '9a000000-0000-4000-8000-000000000001', displayInvNum: 'INV-2001', invoiceDate: '2026-08-01', dueDate: '2026-08-15', openAmount: 400, classification: 'pastDue', daysPastDue: 100 },
    { id: '9a000000-0000-4000-8000-000000000002', displayInvNum: 'INV-2002', invoiceDate: '2026-10-20', dueDate: '2026-11-03', openAmount: 250.5, classification: 'pastDue', daysPastDue: 20 },
    { id: '9a000000-0000-4000-8000-000000000003', displayInvNum: 'INV-2003', invoiceDate: '2026-11-20', dueDate: '2026-12-04', openAmount: 1000, classification: 'current', daysPastDue: 0 },
    { id: '9a000000-0000-4000-8000-000000000004', displayInvNum: 'CM-0007', invoiceDate: '2026-11-01', dueDate: null, openAmount: -75.25, classification: 'credit', daysPastDue: 0 },
  ],
  totals: { invoices: 1650.5, credits: -75.25, pastDue: 650.5, balance: 1575.25 },
  aging: { current: 1000, days1to30: 250.5, days31to60: 0, days61to90: 0, over90: 400 },
};
export const modelEmptyStatement: Statement = {
  ...modelStatement, requestMarked: true, lines: [],
  totals: { invoices: 0, credits: 0, pastDue: 0, balance: 0 },
  aging: { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 },
};

export const statementModelEvents = (snapshot: { value: unknown; context?: { shown?: boolean } }): AnyEventObject[] => {
  const shown: AnyEventObject[] = snapshot.context?.shown ? [] : [{ type: 'page.shown' }];
  if (snapshot.value === 'loading') {
    return [
      ...shown,
      { type: 'xstate.done.actor.loadStatement', output: modelStatement },
      { type: 'xstate.done.actor.loadStatement', output: modelEmptyStatement },
      { type: 'xstate.error.actor.loadStatement', error: new Error('failed calling api on path /vendors/{vendorId}/locations/{locationId}/statement') },
    ];
  }
  if (snapshot.value === 'failed') return [...shown, { type: 'statement.retry' }];
  return shown;
};

// ── ads ──
export const modelAds: Advertisement[] = [
  { fileId: 'ad000000-0000-4000-8000-000000000001', fileUrl: '/static/ads/demo-1.svg', clickUrl: 'https://example.com/fresh', order: 1, duration: 1 },
  { fileId: 'ad000000-0000-4000-8000-000000000002', fileUrl: '/static/ads/demo-2.svg', clickUrl: null, order: 2, duration: 1 },
  { fileId: 'ad000000-0000-4000-8000-000000000003', fileUrl: '/static/ads/demo-3.svg', clickUrl: 'https://example.com/refer', order: 3, duration: 0 },
];

export const AD_CHECK_EVENT = 'xstate.after.check.adBanner.showing.waiting';
export const AD_SLIDE_EVENT = 'xstate.after.slide.adBanner.showing.sliding';

/**
 * Loads with three ads (the first two rotate after 1 s, the third has duration 0 and stays), one ad, none, or fail; then
 * the 500 ms checks, the slide's end and clicks.
 */
export const adBannerModelEvents = (snapshot: { value: unknown }): AnyEventObject[] => {
  if (snapshot.value === 'loading') {
    return [
      { type: 'xstate.done.actor.loadAds', output: modelAds },
      { type: 'xstate.done.actor.loadAds', output: [modelAds[0]] },
      { type: 'xstate.done.actor.loadAds', output: [] },
      { type: 'xstate.error.actor.loadAds', error: new Error('failed calling api on path /vendors/{vendorId}/advertisements') },
    ];
  }
  return [{ type: AD_CHECK_EVENT }, { type: AD_SLIDE_EVENT }, { type: 'ad.click' }];
};

// ── delivery ──
export const modelContact = { id: 'c0000000-0000-4000-8000-000000000001', firstName: 'Dana', lastName: 'Reyes', deliverTo: 'dana@example.com' };
export const modelDeliveryId = 'de000000-0000-4000-8000-000000000001';
export function modelDelivery(scheduleUnit: StatementDelivery['scheduleUnit'], scheduleValue: string, sendEmptyStatements = false): StatementDelivery {
  return { id: modelDeliveryId, scheduleUnit, scheduleValue, sendEmptyStatements, contactId: modelContact.id, locationId: modelLocationId };
}
export const modelDeliveryList = (d: StatementDelivery | null): StatementDeliveryList => ({ statementDeliveries: d ? [d] : [], currentContact: modelContact });

interface DeliverySnapshot {
  value: unknown;
  context: { saved: StatementDelivery | null; updated: boolean; form: { scheduleUnit: string | null; scheduleValue: string | null; sendEmptyStatements: boolean } };
}

/**
 * Loads set up (weekly on wed) or not set up, or fail. Edits form one chain (weekly → monthly, value → last day,
 * send empty on), so every transition is taken while the paths stay few; saves answer what was sent.
 */
export const statementDeliveryModelEvents = (snapshot: DeliverySnapshot): AnyEventObject[] => {
  const { form } = snapshot.context;
  switch (snapshot.value) {
    case 'loading':
      return [
        { type: 'xstate.done.actor.loadDeliveries', output: modelDeliveryList(modelDelivery('weekly', 'wed')) },
        { type: 'xstate.done.actor.loadDeliveries', output: modelDeliveryList(null) },
        { type: 'xstate.error.actor.loadDeliveries', error: new Error('failed calling api') },
      ];
    case 'ready': {
      // After a successful save the walk ends; Turn Off only before any edit; save only at the end of the edit chain.
      if (snapshot.context.updated) return [];
      const events: AnyEventObject[] = [];
      const edited = snapshot.context.saved ? form.scheduleUnit !== snapshot.context.saved.scheduleUnit : form.scheduleUnit !== 'weekly';
      if (!edited) events.push({ type: 'delivery.turnOff' });
      if (form.scheduleUnit !== 'monthly') events.push({ type: 'delivery.unit', unit: 'monthly' });
      else if (form.scheduleValue !== '0') events.push({ type: 'delivery.value', value: '0' });
      else if (!form.sendEmptyStatements) events.push({ type: 'delivery.sendEmpty', checked: true });
      else events.push({ type: 'delivery.save' });
      return events;
    }
    case 'saving':
      return [
        { type: 'xstate.done.actor.saveDelivery', output: modelDeliveryList(modelDelivery(form.scheduleUnit as 'monthly', form.scheduleValue!, form.sendEmptyStatements)) },
        { type: 'xstate.error.actor.saveDelivery', error: new Error('failed calling api') },
      ];
    case 'confirmingOff':
      return [{ type: 'delivery.confirmOff' }, { type: 'delivery.keep' }];
    case 'deleting':
      return [{ type: 'xstate.done.actor.deleteDelivery', output: undefined }, { type: 'xstate.error.actor.deleteDelivery', error: new Error('failed calling api') }];
    default:
      return [];
  }
};
