import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { moveRefund, REFUND_TRANSITIONS, type RefundEvent, type RefundStatus } from '../../core/rules/refunds';
import { refundMachine } from '../../machines/refund/refund.machine';

const EVENTS: RefundEvent[] = ['refund.succeed', 'refund.fail'];
const STATUSES = Object.keys(REFUND_TRANSITIONS) as RefundStatus[];

function walk(...events: RefundEvent[]) {
  const actor = createActor(refundMachine).start();
  for (const type of events) actor.send({ type });
  return actor.getSnapshot();
}

describe('refund lifecycle', () => {
  it('a refund the processor took: refund_pending → refunded (final, never refunded twice)', () => {
    expect(walk().value).toBe('refund_pending');
    const done = walk('refund.succeed');
    expect(done.value).toBe('refunded');
    expect(done.status).toBe('done');
    expect(done.can({ type: 'refund.succeed' })).toBe(false);
    expect(done.can({ type: 'refund.fail' })).toBe(false);
  });

  it('a refund the processor refused: refund_pending → refund_failed (final; a later answer changes nothing)', () => {
    const failed = walk('refund.fail');
    expect(failed.value).toBe('refund_failed');
    expect(failed.status).toBe('done');
    expect(failed.can({ type: 'refund.succeed' })).toBe(false);
  });

  it('the chart and the rule the refunds job follows agree on every state and event', () => {
    const reach: Record<RefundStatus, RefundEvent[]> = { refund_pending: [], refunded: ['refund.succeed'], refund_failed: ['refund.fail'] };
    expect(Object.keys(refundMachine.root.states).sort()).toEqual([...STATUSES].sort());
    for (const status of STATUSES) {
      const snapshot = walk(...reach[status]);
      expect(snapshot.value).toBe(status);
      for (const event of EVENTS) {
        const next = REFUND_TRANSITIONS[status][event];
        expect(snapshot.can({ type: event }), `${status} ${event}`).toBe(next !== undefined);
        if (next) expect(moveRefund(status, event)).toBe(next);
        else expect(() => moveRefund(status, event)).toThrow(`cannot ${event} when ${status}`);
      }
    }
  });
});
