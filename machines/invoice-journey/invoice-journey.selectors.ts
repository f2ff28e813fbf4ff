import type { SnapshotFrom } from 'xstate';
import { commentLength, commentProblem } from '../../core/rules/comment';
import type { invoiceJourneyMachine } from './invoice-journey.machine';

type Snapshot = Pick<SnapshotFrom<typeof invoiceJourneyMachine>, 'context' | 'matches'>;

export type JourneyStatus = 'loading' | 'loaded' | 'failed';
export type CommentModal = 'closed' | 'editing' | 'submitting' | 'submitted' | 'failed';

export const selectJourneyStatus = (s: Snapshot): JourneyStatus => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'loaded');
export const selectJourney = (s: Snapshot) => s.context.journey;
export const selectComment = (s: Snapshot) => s.context.comment;
export const selectCommentLength = (s: Snapshot) => commentLength(s.context.comment);
export const selectCommentProblem = (s: Snapshot) => commentProblem(s.context.comment);
export function selectCommentModal(s: Snapshot): CommentModal {
  for (const m of ['editing', 'submitting', 'submitted', 'failed'] as const) if (s.matches({ loaded: m })) return m;
  return 'closed';
}
