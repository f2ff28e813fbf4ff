/**
 * The connect functions of token resolution, the location context, the invoice journey, the dashboard and the unread
 * count: real snapshots (the charts run with stubbed actors), a recording `send`, and what the view gets back.
 */
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { paths } from '../../core/rules/paths';
import type { Autopay, PaymentPlan } from '../../machines/dashboard/dashboard.actors';
import { connectDashboard } from '../../machines/dashboard/dashboard.connect';
import { dashboardMachine } from '../../machines/dashboard/dashboard.machine';
import { modelAutopay, modelLocationId, modelPlan, modelVendorId } from '../../machines/dashboard/dashboard.model';
import type { InvoiceJourney, JourneyEntry } from '../../machines/invoice-journey/invoice-journey.actors';
import { connectInvoiceJourney } from '../../machines/invoice-journey/invoice-journey.connect';
import { invoiceJourneyMachine, type InvoiceJourneyEvent } from '../../machines/invoice-journey/invoice-journey.machine';
import { modelCommentEntry, modelCommentText, modelJourney, modelJourneyInput } from '../../machines/invoice-journey/invoice-journey.model';
import type { Location, Vendor } from '../../machines/load/load.actors';
import { locationsLoadMachine, vendorsLoadMachine } from '../../machines/load/loaders';
import { connectLocationContext } from '../../machines/load/location-context.connect';
import { modelMessagesInput } from '../../machines/messages/messages.model';
import { connectUnreadMessages } from '../../machines/messages/unread-messages.connect';
import { unreadMessagesMachine, type UnreadMessagesEvent } from '../../machines/messages/unread-messages.machine';
import { connectTokenResolution } from '../../machines/token-resolution/token-resolution.connect';
import { tokenResolutionMachine } from '../../machines/token-resolution/token-resolution.machine';
import { tokenResolutionModelErrors, tokenResolutionModelOutputs } from '../../machines/token-resolution/token-resolution.model';
import type { TokenInfo } from '../../machines/token-resolution/token-resolution.redirect';
import { ids, location, token, vendor } from '../features/shell/fixtures';

function recorder<E>() {
  const sent: E[] = [];
  return { sent, send: (event: E) => void sent.push(event) };
}

const never = <T>() => new Promise<T>(() => {});

describe('connectTokenResolution', () => {
  function start(fetch: () => Promise<TokenInfo>) {
    return createActor(tokenResolutionMachine.provide({ actors: { fetchTokenInfo: fromPromise(fetch) } }), { input: { token } }).start();
  }

  it('resolving while the token info loads (the spinner shows)', () => {
    const actor = start(never);
    expect(connectTokenResolution(actor.getSnapshot())).toEqual({ isResolving: true });
    actor.stop();
  });

  it('no longer resolving once the token info is in or refused (the page is leaving)', async () => {
    const loaded = start(async () => tokenResolutionModelOutputs.click2pay!);
    await waitFor(loaded, (s) => s.status === 'done');
    expect(connectTokenResolution(loaded.getSnapshot()).isResolving).toBe(false);
    const failed = start(async () => { throw tokenResolutionModelErrors.expired; });
    await waitFor(failed, (s) => s.status === 'done');
    expect(failed.getSnapshot().value).toBe('failed');
    expect(connectTokenResolution(failed.getSnapshot()).isResolving).toBe(false);
  });
});

describe('connectLocationContext', () => {
  const coastal = vendor(ids.coastal, 'Coastal Foods');
  const acme = vendor(ids.acme, 'Acme Supply');
  const blueHeron = location(ids.blueHeron, ids.coastal, 'Blue Heron');
  const harbor = location(ids.harbor, ids.coastal, 'Harbor');
  const place = { token, vendorId: ids.coastal, locationId: ids.blueHeron };

  function slices(vendors: () => Promise<Vendor[]>, locations: () => Promise<Record<string, Location>>) {
    return {
      vendors: createActor(vendorsLoadMachine.provide({ actors: { load: fromPromise(vendors) } })).start(),
      locations: createActor(locationsLoadMachine.provide({ actors: { load: fromPromise(locations) } }), { input: { vendorId: ids.coastal } }).start(),
    };
  }
  async function settledSlices(vendors: () => Promise<Vendor[]>, locations: () => Promise<Record<string, Location>>) {
    const actors = slices(vendors, locations);
    const vendorsSnapshot = await waitFor(actors.vendors, (s) => s.value !== 'loading');
    const locationsSnapshot = await waitFor(actors.locations, (s) => s.value !== 'loading');
    return { ...actors, state: { vendors: vendorsSnapshot, locations: locationsSnapshot } };
  }

  it('loading while either slice loads: no vendor, no location, no change-location bar', async () => {
    const { vendors, locations } = slices(never, never);
    const view = connectLocationContext({ vendors: vendors.getSnapshot(), locations: locations.getSnapshot() }, place);
    expect(view).toEqual({ status: 'loading', vendor: null, location: null, vendorCount: 0, locationCount: 0, changeLocationTo: null });
    const half = slices(async () => [coastal], never);
    const vendorsIn = await waitFor(half.vendors, (s) => s.value === 'loaded');
    expect(connectLocationContext({ vendors: vendorsIn, locations: half.locations.getSnapshot() }, place)).toMatchObject({ status: 'loading', vendor: coastal, location: null });
  });

  it('loaded: the vendor and the location of the path, with the counts', async () => {
    const { state } = await settledSlices(async () => [acme, coastal], async () => ({ [ids.blueHeron]: blueHeron, [ids.harbor]: harbor }));
    expect(connectLocationContext(state, place)).toMatchObject({ status: 'loaded', vendor: coastal, location: blueHeron, vendorCount: 2, locationCount: 2 });
  });

  it('the change-location bar leads to the location chooser, else to the vendor chooser, else nowhere', async () => {
    const twoLocations = await settledSlices(async () => [coastal], async () => ({ [ids.blueHeron]: blueHeron, [ids.harbor]: harbor }));
    expect(connectLocationContext(twoLocations.state, place).changeLocationTo).toBe(paths.locations(token, ids.coastal));
    const twoVendors = await settledSlices(async () => [acme, coastal], async () => ({ [ids.blueHeron]: blueHeron }));
    expect(connectLocationContext(twoVendors.state, place).changeLocationTo).toBe(paths.vendors(token));
    const one = await settledSlices(async () => [coastal], async () => ({ [ids.blueHeron]: blueHeron }));
    expect(connectLocationContext(one.state, place).changeLocationTo).toBeNull();
  });

  it('missing when both loaded without the vendor or the location of the path (the frame leads to /404)', async () => {
    const { state } = await settledSlices(async () => [coastal], async () => ({ [ids.harbor]: harbor }));
    expect(connectLocationContext(state, place)).toMatchObject({ status: 'missing', vendor: coastal, location: null, changeLocationTo: null });
    expect(connectLocationContext(state, { ...place, vendorId: ids.acme, locationId: ids.harbor }).status).toBe('missing');
  });

  it('failed when either slice failed, even with the other loaded', async () => {
    const fail = async (): Promise<never> => { throw new Error('failed calling api'); };
    const vendorsFailed = await settledSlices(fail, async () => ({ [ids.blueHeron]: blueHeron }));
    expect(connectLocationContext(vendorsFailed.state, place)).toMatchObject({ status: 'failed', vendor: null, location: blueHeron, changeLocationTo: null });
    const locationsFailed = await settledSlices(async () => [coastal], fail);
    expect(connectLocationContext(locationsFailed.state, place).status).toBe('failed');
  });

  it('a slice loading again still shows what it had (the header keeps its vendor)', async () => {
    let calls = 0;
    const { vendors, locations } = await settledSlices(() => (calls++ === 0 ? Promise.resolve([coastal]) : never<Vendor[]>()), async () => ({ [ids.blueHeron]: blueHeron }));
    vendors.send({ type: 'load.refresh' });
    const view = connectLocationContext({ vendors: vendors.getSnapshot(), locations: locations.getSnapshot() }, place);
    expect(view).toMatchObject({ status: 'loading', vendor: coastal, location: blueHeron, changeLocationTo: null });
  });
});

describe('connectInvoiceJourney', () => {
  function start(opts: { load?: () => Promise<InvoiceJourney>; submit?: () => Promise<JourneyEntry> } = {}) {
    return createActor(
      invoiceJourneyMachine.provide({
        actors: {
          loadJourney: fromPromise(opts.load ?? (async () => modelJourney)),
          markRead: fromPromise(async () => {}),
          submitComment: fromPromise(opts.submit ?? (async () => modelCommentEntry)),
        },
      }),
      { input: modelJourneyInput },
    ).start();
  }
  const loaded = async (opts?: Parameters<typeof start>[0]) => {
    const actor = start(opts);
    await waitFor(actor, (s) => s.matches('loaded'));
    return actor;
  };

  it('loading: no invoice, no history, the modal closed', () => {
    const view = connectInvoiceJourney(start({ load: never }).getSnapshot(), recorder<InvoiceJourneyEvent>().send);
    expect(view).toMatchObject({ status: 'loading', invoice: null, entries: [], modal: 'closed', comment: '', commentLength: 0, commentProblem: 'required' });
  });

  it('loaded: the invoice and its history newest first', async () => {
    const view = connectInvoiceJourney((await loaded()).getSnapshot(), recorder<InvoiceJourneyEvent>().send);
    expect(view.status).toBe('loaded');
    expect(view.invoice).toEqual(modelJourney.invoice);
    expect(view.entries.map((e) => e.action)).toEqual(['Reminder sent', 'Invoice created']);
  });

  it('failed: the page says so, nothing to show', async () => {
    const actor = start({ load: async () => { throw new Error('failed calling api'); } });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(connectInvoiceJourney(actor.getSnapshot(), recorder<InvoiceJourneyEvent>().send)).toMatchObject({ status: 'failed', invoice: null, entries: [] });
  });

  it('the modal: the typed comment with its length and verdict, then the submitted comment first in the history', async () => {
    const actor = await loaded();
    actor.send({ type: 'comment.open' });
    actor.send({ type: 'comment.change', text: '😀 two\nlines' });
    expect(connectInvoiceJourney(actor.getSnapshot(), recorder<InvoiceJourneyEvent>().send)).toMatchObject({
      modal: 'editing', comment: '😀 two\nlines', commentLength: 11, commentProblem: 'lineBreak',
    });
    actor.send({ type: 'comment.change', text: modelCommentText });
    actor.send({ type: 'comment.submit' });
    expect(connectInvoiceJourney(actor.getSnapshot(), recorder<InvoiceJourneyEvent>().send).modal).toBe('submitting');
    await waitFor(actor, (s) => s.matches({ loaded: 'submitted' }));
    const view = connectInvoiceJourney(actor.getSnapshot(), recorder<InvoiceJourneyEvent>().send);
    expect(view).toMatchObject({ modal: 'submitted', comment: '', commentProblem: 'required' });
    expect(view.entries[0]).toEqual(modelCommentEntry);
  });

  it('a failed submit shows the modal failed with the text kept', async () => {
    const actor = await loaded({ submit: async () => { throw new Error('failed calling api'); } });
    actor.send({ type: 'comment.open' });
    actor.send({ type: 'comment.change', text: 'Short one case' });
    actor.send({ type: 'comment.submit' });
    await waitFor(actor, (s) => s.matches({ loaded: 'failed' }));
    expect(connectInvoiceJourney(actor.getSnapshot(), recorder<InvoiceJourneyEvent>().send)).toMatchObject({ modal: 'failed', comment: 'Short one case', commentProblem: null });
  });

  it('intents send the modal events', async () => {
    const { sent, send } = recorder<InvoiceJourneyEvent>();
    const view = connectInvoiceJourney((await loaded()).getSnapshot(), send);
    view.open();
    view.change('Left at the back door');
    view.submit();
    view.close();
    expect(sent).toEqual([
      { type: 'comment.open' },
      { type: 'comment.change', text: 'Left at the back door' },
      { type: 'comment.submit' },
      { type: 'comment.close' },
    ]);
  });
});

describe('connectDashboard', () => {
  const fail = async (): Promise<never> => { throw new Error('failed calling api'); };
  function start(autopay: () => Promise<Autopay | null>, plans: () => Promise<PaymentPlan[]>) {
    return createActor(
      dashboardMachine.provide({ actors: { recordVisit: fromPromise(async () => {}), loadAutopay: fromPromise(autopay), loadPaymentPlans: fromPromise(plans) } }),
      { input: { vendorId: modelVendorId, locationId: modelLocationId } },
    ).start();
  }
  /** AutoPay and the plans are in (the visit waits for the page to be shown: not sent here). */
  const loaded = (s: SnapshotFrom<typeof dashboardMachine>) => !s.matches({ autopay: 'loading' }) && !s.matches({ plans: 'loading' });

  it('loading while AutoPay or the plans load; what is already in shows', async () => {
    expect(connectDashboard(start(never, never).getSnapshot())).toEqual({ isLoading: true, autopayOn: false, hasPaymentPlans: false });
    const autopayIn = start(async () => modelAutopay, never);
    await waitFor(autopayIn, (s) => s.matches({ autopay: 'loaded' }));
    expect(connectDashboard(autopayIn.getSnapshot())).toEqual({ isLoading: true, autopayOn: true, hasPaymentPlans: false });
  });

  it('AUTOPAY ON with an active AutoPay, the PAYMENT PLANS tile with plans', async () => {
    const actor = start(async () => modelAutopay, async () => [modelPlan]);
    expect(connectDashboard(await waitFor(actor, loaded))).toEqual({ isLoading: false, autopayOn: true, hasPaymentPlans: true });
  });

  it('neither without AutoPay or plans, nor when their loads failed', async () => {
    const none = start(async () => null, async () => []);
    expect(connectDashboard(await waitFor(none, loaded))).toEqual({ isLoading: false, autopayOn: false, hasPaymentPlans: false });
    const failed = start(fail, fail);
    expect(connectDashboard(await waitFor(failed, loaded))).toEqual({ isLoading: false, autopayOn: false, hasPaymentPlans: false });
  });
});

describe('connectUnreadMessages', () => {
  function start(count: () => Promise<number>) {
    return createActor(unreadMessagesMachine.provide({ actors: { loadUnreadCount: fromPromise(count) } }), { input: modelMessagesInput }).start();
  }
  async function badgeAfter(hasUnreadMessages: boolean, count: () => Promise<number>) {
    const actor = start(count);
    actor.send({ type: 'unread.location', hasUnreadMessages });
    return connectUnreadMessages(await waitFor(actor, (s) => s.status === 'done'), recorder<UnreadMessagesEvent>().send).badge;
  }

  it('no badge while the location is not known or the count loads', () => {
    const actor = start(never);
    expect(connectUnreadMessages(actor.getSnapshot(), recorder<UnreadMessagesEvent>().send).badge).toBeNull();
    actor.send({ type: 'unread.location', hasUnreadMessages: true });
    expect(connectUnreadMessages(actor.getSnapshot(), recorder<UnreadMessagesEvent>().send).badge).toBeNull();
  });

  it('the count once counted, none at 0 or without unread messages, "new" when the count failed', async () => {
    expect(await badgeAfter(true, async () => 3)).toBe(3);
    expect(await badgeAfter(true, async () => 0)).toBeNull();
    expect(await badgeAfter(false, async () => 3)).toBeNull();
    expect(await badgeAfter(true, async () => { throw new Error('failed calling api'); })).toBe('new');
  });

  it('locationKnown tells the chart what the location says', () => {
    const { sent, send } = recorder<UnreadMessagesEvent>();
    const view = connectUnreadMessages(start(never).getSnapshot(), send);
    view.locationKnown(true);
    view.locationKnown(false);
    expect(sent).toEqual([
      { type: 'unread.location', hasUnreadMessages: true },
      { type: 'unread.location', hasUnreadMessages: false },
    ]);
  });
});
