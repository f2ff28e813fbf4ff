// @vitest-environment jsdom
/** Transitions of the statement, ad banner and statement delivery machines (actors replaced with `.provide`). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { AD_CHECK_MS, AD_SLIDE_MS, adBannerMachine } from '../../machines/statement/ad-banner.machine';
import { statementDeliveryMachine } from '../../machines/statement/statement-delivery.machine';
import { statementMachine } from '../../machines/statement/statement.machine';
import {
  modelAdInput, modelAds, modelDelivery, modelDeliveryList, modelEmptyStatement, modelStatement, modelStatementInput,
} from '../../machines/statement/statement.model';
import { selectDelivery, selectStatementAsOf } from '../../machines/statement/statement.selectors';
import type { AdEventInput, Statement } from '../../machines/statement/statement.actors';
import { canSaveSchedule, ordinal, scheduleDescription } from '../../core/rules/statement-schedule';

describe('statement machine', () => {
  function run(load: () => Promise<Statement>, shown = true) {
    const marks: unknown[] = [];
    const actor = createActor(statementMachine.provide({
      actors: { loadStatement: fromPromise(load), markStatementRequest: fromPromise(async ({ input }) => { marks.push(input); return true; }) },
    }), { input: modelStatementInput }).start();
    if (shown) actor.send({ type: 'page.shown' });
    return { actor, marks };
  }

  it('marks the request only once the page is shown — never in the server\'s render, which only reads — and once', async () => {
    const { actor, marks } = run(async () => modelStatement, false);
    await waitFor(actor, (s) => s.matches('loaded'));
    await new Promise((r) => setTimeout(r, 0));
    expect(marks).toEqual([]);
    actor.send({ type: 'page.shown' });
    actor.send({ type: 'page.shown' }); // a second effect run (StrictMode) marks nothing more
    await new Promise((r) => setTimeout(r, 0));
    expect(marks).toEqual([modelStatementInput]);
  });

  it('loads the statement and marks the request once when the flag is unset', async () => {
    const { actor, marks } = run(async () => modelStatement);
    await waitFor(actor, (s) => s.matches('loaded'));
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context.statement?.lines).toHaveLength(4);
    expect(marks).toEqual([modelStatementInput]);
  });

  it('an empty statement with the flag set is "empty" and sends no mark', async () => {
    const { actor, marks } = run(async () => modelEmptyStatement);
    await waitFor(actor, (s) => s.matches('empty'));
    await new Promise((r) => setTimeout(r, 0));
    expect(marks).toEqual([]);
  });

  it('"as of": none before the answer; the vendor\'s wall clock from asOfLocal; asOf\'s date when asOfLocal is unreadable', async () => {
    let answer = modelStatement;
    const { actor } = run(async () => answer);
    expect(selectStatementAsOf(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectStatementAsOf(actor.getSnapshot())).toEqual({ date: '11/23/26', dateTime: '11/23/26 at 9:04 AM' });
    answer = { ...modelStatement, asOf: '2026-11-24T03:30:00Z', asOfLocal: '' };
    const older = run(async () => answer).actor;
    await waitFor(older, (s) => s.matches('loaded'));
    expect(selectStatementAsOf(older.getSnapshot())).toEqual({ date: '11/24/26', dateTime: '11/24/26' });
  });

  it('a failed load can be retried', async () => {
    let n = 0;
    const { actor } = run(async () => { n += 1; if (n === 1) throw new Error('failed calling api'); return modelStatement; });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'statement.retry' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(n).toBe(2);
  });
});

describe('ad banner machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function run(ads: typeof modelAds, reducedMotion = false) {
    const impressions: string[] = [];
    const clicks: string[] = [];
    const opened: string[] = [];
    const actor = createActor(adBannerMachine.provide({
      actors: {
        loadAds: fromPromise(async () => ads),
        recordImpression: fromPromise(async ({ input }: { input: AdEventInput }) => { impressions.push(input.fileId); }),
        recordClick: fromPromise(async ({ input }: { input: AdEventInput }) => { clicks.push(input.fileId); }),
      },
      actions: { openAd: (_, url: string) => { opened.push(url); } },
    }), { input: { ...modelAdInput, reducedMotion } }).start();
    return { actor, impressions, clicks, opened };
  }

  it('rotates when the duration has elapsed, checked every 500 ms, with a 1 s slide', async () => {
    const { actor, impressions } = run(modelAds);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toEqual({ showing: 'waiting' });
    // The first ad shows 1 s: the check at 500 ms keeps it, the one at 1000 ms starts the slide.
    await vi.advanceTimersByTimeAsync(AD_CHECK_MS);
    expect(actor.getSnapshot().value).toEqual({ showing: 'waiting' });
    expect(actor.getSnapshot().context.elapsedMs).toBe(500);
    await vi.advanceTimersByTimeAsync(AD_CHECK_MS);
    expect(actor.getSnapshot().value).toEqual({ showing: 'sliding' });
    expect(actor.getSnapshot().context.index).toBe(0);
    await vi.advanceTimersByTimeAsync(AD_SLIDE_MS - 1);
    expect(actor.getSnapshot().value).toEqual({ showing: 'sliding' });
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().context.index).toBe(1);
    expect(actor.getSnapshot().value).toEqual({ showing: 'waiting' });
    // Second ad (1 s, no click URL) → third (duration 0): the banner stops there.
    await vi.advanceTimersByTimeAsync(2 * AD_CHECK_MS + AD_SLIDE_MS);
    expect(actor.getSnapshot().context.index).toBe(2);
    expect(actor.getSnapshot().value).toEqual({ showing: 'still' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(actor.getSnapshot().context.index).toBe(2);
    // One impression per ad with a click URL (the second has none).
    expect(impressions).toEqual([modelAds[0].fileId, modelAds[2].fileId]);
  });

  it('never rotates one ad, nor an ad with duration 0', async () => {
    const { actor } = run([modelAds[0]]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().value).toEqual({ showing: 'still' });
    const zero = run([modelAds[2], modelAds[0]]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(zero.actor.getSnapshot().value).toEqual({ showing: 'still' });
    expect(zero.actor.getSnapshot().context.index).toBe(0);
  });

  it('slides without delay under reduced motion', async () => {
    const { actor } = run(modelAds, true);
    await vi.advanceTimersByTimeAsync(2 * AD_CHECK_MS + 1);
    expect(actor.getSnapshot().context.index).toBe(1);
    expect(actor.getSnapshot().value).toEqual({ showing: 'waiting' });
  });

  it('records a click and opens the URL; an ad without a click URL does nothing', async () => {
    const { actor, clicks, opened } = run(modelAds);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'ad.click' });
    await vi.advanceTimersByTimeAsync(0);
    expect(clicks).toEqual([modelAds[0].fileId]);
    expect(opened).toEqual(['https://example.com/fresh']);
    await vi.advanceTimersByTimeAsync(2 * AD_CHECK_MS + AD_SLIDE_MS);
    actor.send({ type: 'ad.click' });
    await vi.advanceTimersByTimeAsync(0);
    expect(clicks).toHaveLength(1);
  });

  it('no ads or a failed load → none', async () => {
    expect((await (async () => { const r = run([]); await vi.advanceTimersByTimeAsync(0); return r.actor.getSnapshot().value; })())).toBe('none');
    const failing = createActor(adBannerMachine.provide({ actors: { loadAds: fromPromise<typeof modelAds, { vendorId: string }>(async () => { throw new Error('x'); }) } }), { input: modelAdInput }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(failing.getSnapshot().value).toBe('none');
  });
});

describe('statement delivery machine', () => {
  function run(opts: { list?: ReturnType<typeof modelDeliveryList>; save?: (body: any) => Promise<any>; del?: () => Promise<void>; loadFails?: boolean } = {}) {
    const saved: unknown[] = [];
    const actor = createActor(statementDeliveryMachine.provide({
      actors: {
        loadDeliveries: fromPromise(async () => { if (opts.loadFails) throw new Error('x'); return opts.list ?? modelDeliveryList(null); }),
        saveDelivery: fromPromise(async ({ input }: { input: any }) => { saved.push(input.body); return opts.save ? opts.save(input.body) : modelDeliveryList(modelDelivery(input.body.scheduleUnit, input.body.scheduleValue, input.body.sendEmptyStatements)); }),
        deleteDelivery: fromPromise(async () => { if (opts.del) await opts.del(); }),
      },
    }), { input: modelStatementInput }).start();
    return { actor, saved };
  }

  it('not set up: default weekly on mon, Turn On valid at once; monthly on the last day', async () => {
    const { actor, saved } = run();
    await waitFor(actor, (s) => s.matches('ready'));
    let view = selectDelivery(actor.getSnapshot());
    expect(view.message).toEqual({ kind: 'notSetUp' });
    expect(view.form).toEqual({ scheduleUnit: 'weekly', scheduleValue: 'mon', sendEmptyStatements: false });
    expect(view.canSave).toBe(true);
    actor.send({ type: 'delivery.unit', unit: 'monthly' });
    expect(actor.getSnapshot().context.form.scheduleValue).toBe('1');
    actor.send({ type: 'delivery.value', value: '0' });
    actor.send({ type: 'delivery.save' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(saved).toEqual([{ scheduleUnit: 'monthly', scheduleValue: '0', sendEmptyStatements: false }]);
    view = selectDelivery(actor.getSnapshot());
    expect(view.message).toEqual({ kind: 'updated', schedule: 'monthly statements on the last day of the month' });
    expect(view.canSave).toBe(false);
  });

  it('switching frequency resets the value; save needs a change from the saved values', async () => {
    const { actor } = run({ list: modelDeliveryList(modelDelivery('monthly', '15')) });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectDelivery(actor.getSnapshot()).message).toEqual({ kind: 'current', schedule: 'monthly statements on the 15th' });
    expect(selectDelivery(actor.getSnapshot()).canSave).toBe(false);
    actor.send({ type: 'delivery.save' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'delivery.unit', unit: 'biweekly' });
    expect(actor.getSnapshot().context.form).toMatchObject({ scheduleUnit: 'biweekly', scheduleValue: 'mon' });
    actor.send({ type: 'delivery.unit', unit: 'weekly' });
    expect(actor.getSnapshot().context.form.scheduleValue).toBe('mon');
    actor.send({ type: 'delivery.unit', unit: 'monthly' });
    expect(actor.getSnapshot().context.form.scheduleValue).toBe('1');
    actor.send({ type: 'delivery.value', value: '15' });
    expect(selectDelivery(actor.getSnapshot()).canSave).toBe(false);
    actor.send({ type: 'delivery.sendEmpty', checked: true });
    expect(selectDelivery(actor.getSnapshot()).canSave).toBe(true);
  });

  it('turn off asks first; Keep leaves it; confirm deletes and shows not set up', async () => {
    const { actor } = run({ list: modelDeliveryList(modelDelivery('weekly', 'fri')) });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'delivery.turnOff' });
    expect(actor.getSnapshot().value).toBe('confirmingOff');
    actor.send({ type: 'delivery.keep' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'delivery.turnOff' });
    actor.send({ type: 'delivery.confirmOff' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectDelivery(actor.getSnapshot())).toMatchObject({ setUp: false, message: { kind: 'notSetUp' }, canSave: true });
    // Turn off needs a delivery.
    actor.send({ type: 'delivery.turnOff' });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('failures lock the form (no event accepted)', async () => {
    const save = run({ save: async () => { throw new Error('x'); } });
    await waitFor(save.actor, (s) => s.matches('ready'));
    save.actor.send({ type: 'delivery.save' });
    await waitFor(save.actor, (s) => s.matches('saveFailed'));
    expect(selectDelivery(save.actor.getSnapshot())).toMatchObject({ status: 'failed', canSave: false });
    save.actor.send({ type: 'delivery.unit', unit: 'monthly' });
    expect(save.actor.getSnapshot().context.form.scheduleUnit).toBe('weekly');
    const del = run({ list: modelDeliveryList(modelDelivery('weekly', 'fri')), del: async () => { throw new Error('x'); } });
    await waitFor(del.actor, (s) => s.matches('ready'));
    del.actor.send({ type: 'delivery.turnOff' });
    del.actor.send({ type: 'delivery.confirmOff' });
    await waitFor(del.actor, (s) => s.matches('deleteFailed'));
    const load = run({ loadFails: true });
    await waitFor(load.actor, (s) => s.matches('loadFailed'));
    expect(selectDelivery(load.actor.getSnapshot()).status).toBe('failed');
  });
});

describe('schedule rules', () => {
  it('ordinals and descriptions', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 28].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '28th']);
    expect(scheduleDescription('weekly', 'mon')).toBe('weekly statements on Monday');
    expect(scheduleDescription('biweekly', 'sun')).toBe('biweekly statements on Sunday');
  });
  it('save validity', () => {
    expect(canSaveSchedule({ scheduleUnit: 'monthly', scheduleValue: 'mon', sendEmptyStatements: false }, null)).toBe(false);
    expect(canSaveSchedule({ scheduleUnit: null, scheduleValue: null, sendEmptyStatements: false }, null)).toBe(false);
  });
});
