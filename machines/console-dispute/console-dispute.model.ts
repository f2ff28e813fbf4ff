import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { ConsoleApiError } from '../../core/api/vendor-client';
import { disputeSample } from '../console-disputes/console-disputes.model';
import type { DisputeDetail } from './console-dispute.actors';
import type { consoleDisputeMachine } from './console-dispute.machine';

export const openDispute: DisputeDetail = { ...disputeSample(1), replies: [] };
export const disputeModelInput = { disputeId: openDispute.id };

const replied = (d: DisputeDetail, text: string): DisputeDetail => ({
  ...d,
  replyCount: d.replyCount + 1,
  replies: [...d.replies, { id: `6b1d8f3${d.replies.length}-0e2a-4f4b-9c7d-3a5e1f2b0c8d`, text: `Performance Foodservice – Carolina replied: ${text}`, by: 'dana@vendor.example', at: '2026-11-28T09:12:40.000Z' }],
});

/**
 * Model events: the dispute's answer (open, no reply yet), not found, offline, retry; a reply typed (blank, then
 * words), sent (answered or refused); resolved, reopened (answered or refused).
 */
export function consoleDisputeModelEvents(snapshot: SnapshotFrom<typeof consoleDisputeMachine>): EventObject[] {
  const { reply, dispute, done } = snapshot.context;
  const candidates: AnyEventObject[] = [
    { type: 'dispute.retry' },
    { type: 'xstate.done.actor.loadDispute', output: openDispute },
    { type: 'xstate.error.actor.loadDispute', error: new ConsoleApiError(404, 'not_found') },
    { type: 'xstate.error.actor.loadDispute', error: new ConsoleApiError(0) },
    ...(done === 0 && reply === '' ? [{ type: 'reply.change', value: '   ' }] : []),
    ...(done === 0 && reply.trim() === '' ? [{ type: 'reply.change', value: 'A credit is on its way.' }] : []),
    { type: 'reply.send' },
    ...(dispute ? [{ type: 'xstate.done.actor.sendReply', output: replied(dispute, reply.trim()) }] : []),
    { type: 'xstate.error.actor.sendReply', error: new ConsoleApiError(503, 'unavailable', 'PerformancePay is busy: try again in a moment.') },
    ...(done < 2 ? [{ type: 'dispute.resolve' }, { type: 'dispute.reopen' }] : []),
    ...(dispute
      ? [{ type: 'xstate.done.actor.setResolved', output: dispute.status === 'open' ? { ...dispute, status: 'resolved', resolvedAt: '2026-11-28T09:15:02.000Z', resolvedBy: 'dana@vendor.example' } : { ...dispute, status: 'open', resolvedAt: null, resolvedBy: null } }]
      : []),
    { type: 'xstate.error.actor.setResolved', error: new ConsoleApiError(503, 'unavailable', 'PerformancePay is busy: try again in a moment.') },
  ];
  return candidates.filter((e) => snapshot.can(e as never));
}
