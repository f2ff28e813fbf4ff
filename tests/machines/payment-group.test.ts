import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  movePaymentGroup,
  nextPaymentGroupStatus,
  PAYMENT_GROUP_TRANSITIONS,
  type PaymentGroupEvent,
} from '../../core/rules/payment-group-lifecycle';
import { PAYMENT_GROUP_ORDER, PAYMENT_STATUS_LABELS, type PaymentGroupStatus } from '../../core/rules/reports';
import { paymentGroupMachine } from '../../machines/payment-group/payment-group.machine';

const EVENTS: PaymentGroupEvent[] = ['charge.send', 'charge.succeed', 'charge.decline', 'payment.cancel', 'charge.return'];
const STATUSES = Object.keys(PAYMENT_GROUP_TRANSITIONS) as PaymentGroupStatus[];

/** The chart's state after `events` from scheduled (events it does not accept change nothing). */
function walk(...events: PaymentGroupEvent[]) {
  const actor = createActor(paymentGroupMachine).start();
  for (const type of events) actor.send({ type });
  return actor.getSnapshot();
}

describe('payment group lifecycle', () => {
  it('a charged group: scheduled → processing → complete', () => {
    expect(walk().value).toBe('scheduled');
    expect(walk('charge.send').value).toBe('processing');
    const done = walk('charge.send', 'charge.succeed');
    expect(done.value).toBe('complete');
    expect(done.can({ type: 'charge.send' })).toBe(false); // never charged again
    expect(done.can({ type: 'payment.cancel' })).toBe(false);
  });

  it('a completed debit the bank returned: complete → returned (final); only a complete group can be returned', () => {
    const returned = walk('charge.send', 'charge.succeed', 'charge.return');
    expect(returned.value).toBe('returned');
    expect(returned.status).toBe('done');
    expect(walk().can({ type: 'charge.return' })).toBe(false);
    expect(walk('charge.send').can({ type: 'charge.return' })).toBe(false);
    expect(walk('charge.send', 'charge.decline').can({ type: 'charge.return' })).toBe(false);
    expect(walk('payment.cancel').can({ type: 'charge.return' })).toBe(false);
    expect(movePaymentGroup('complete', 'charge.return')).toBe('returned');
    expect(() => movePaymentGroup('returned', 'charge.return')).toThrow('cannot charge.return when returned');
  });

  it('a declined group: scheduled → processing → failed (final)', () => {
    const failed = walk('charge.send', 'charge.decline');
    expect(failed.value).toBe('failed');
    expect(failed.status).toBe('done');
  });

  it('a scheduled group can be canceled; one in processing cannot (its charge is in flight), nor charged twice', () => {
    expect(walk('payment.cancel').value).toBe('canceled');
    const processing = walk('charge.send');
    expect(processing.can({ type: 'payment.cancel' })).toBe(false);
    expect(processing.can({ type: 'charge.send' })).toBe(false);
    expect(walk('charge.send', 'payment.cancel').value).toBe('processing');
    expect(walk().can({ type: 'charge.succeed' })).toBe(false); // no answer without a charge sent
  });

  it('the chart and the rule the server follows agree on every state and event', () => {
    const reach: Record<PaymentGroupStatus, PaymentGroupEvent[]> = {
      scheduled: [],
      processing: ['charge.send'],
      complete: ['charge.send', 'charge.succeed'],
      failed: ['charge.send', 'charge.decline'],
      canceled: ['payment.cancel'],
      returned: ['charge.send', 'charge.succeed', 'charge.return'],
    };
    expect(Object.keys(paymentGroupMachine.root.states).sort()).toEqual([...STATUSES].sort());
    for (const status of STATUSES) {
      const snapshot = walk(...reach[status]);
      expect(snapshot.value).toBe(status);
      for (const event of EVENTS) {
        const next = nextPaymentGroupStatus(status, event);
        expect(snapshot.can({ type: event }), `${status} ${event}`).toBe(next !== null);
        if (next) expect(walk(...reach[status], event).value).toBe(next);
        else expect(() => movePaymentGroup(status, event)).toThrow(`cannot ${event} when ${status}`);
      }
    }
  });

  it('every status has the text the customer reads, and a section of the payment report', () => {
    expect(PAYMENT_STATUS_LABELS).toEqual({ scheduled: 'Scheduled', processing: 'Processing', complete: 'Completed', failed: 'Failed', canceled: 'Canceled', returned: 'Returned' });
    expect(PAYMENT_GROUP_ORDER.map((g) => g.status).sort()).toEqual([...STATUSES].sort());
  });
});
