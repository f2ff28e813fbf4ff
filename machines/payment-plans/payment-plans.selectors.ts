/** Snapshots of the payment-plan machines → what the views show. */
import type { SnapshotFrom } from 'xstate';
import { computeTotals, feeMethodOf } from '../../core/rules/fees';
import { amountToCents } from '../../core/rules/money';
import { planSchedule } from '../../core/rules/recurring-plans';
import { canSetUp, setupTerms, type planSetupMachine } from './plan-setup.machine';
import { canUpdatePlan, planTerms, type planUpdateMachine } from './plan-update.machine';
import type { planListMachine } from './plan-list.machine';

type ListSnapshot = Pick<SnapshotFrom<typeof planListMachine>, 'matches' | 'context'>;
export type PlanListStatus = 'loading' | 'failed' | 'redirecting' | 'list';
export function selectPlanListStatus(s: ListSnapshot): PlanListStatus {
  if (s.matches('loading')) return 'loading';
  if (s.matches('failed')) return 'failed';
  return s.matches('list') ? 'list' : 'redirecting';
}

type UpdateSnapshot = Pick<SnapshotFrom<typeof planUpdateMachine>, 'matches' | 'context'>;
export type PlanPageStatus = 'loading' | 'failed' | 'notFound' | 'inactive' | 'ready';
export function selectPlanPageStatus(s: UpdateSnapshot): PlanPageStatus {
  if (s.matches('loading')) return 'loading';
  if (s.matches('failed')) return s.context.notFound ? 'notFound' : 'failed';
  if (s.matches({ loaded: 'inactive' })) return 'inactive';
  return 'ready';
}
export const selectPlanUpdateEnabled = (s: UpdateSnapshot) => (s.matches({ loaded: { ready: 'idle' } }) || s.matches({ loaded: { ready: 'failed' } })) && canUpdatePlan(s.context);
export const selectPlanConfirming = (s: UpdateSnapshot) => s.matches({ loaded: { ready: 'confirming' } });
export const selectPlanSubmitting = (s: UpdateSnapshot) => s.matches({ loaded: { ready: 'submitting' } }) || s.matches('updated');
export const selectPlanUpdateFailed = (s: UpdateSnapshot) => s.matches({ loaded: { ready: 'failed' } });
/** The agreement of the chosen method, or — before one is chosen — of the plan's current method (so it is a link at once). */
export const selectPlanTerms = (s: UpdateSnapshot) =>
  planTerms(s.context, s.context.method?.provider ?? s.context.data?.plan.paymentMethod?.provider);

type SetupSnapshot = Pick<SnapshotFrom<typeof planSetupMachine>, 'matches' | 'context'>;
export type PlanSetupStatus = 'loading' | 'failed' | 'closed' | 'ready';
export function selectPlanSetupStatus(s: SetupSnapshot): PlanSetupStatus {
  if (s.matches('loading')) return 'loading';
  if (s.matches('failed')) return 'failed';
  return s.matches({ loaded: 'closed' }) ? 'closed' : 'ready';
}
export const selectSetupEnabled = (s: SetupSnapshot) => (s.matches({ loaded: { ready: 'idle' } }) || s.matches({ loaded: { ready: 'failed' } })) && canSetUp(s.context);
export const selectSetupSubmitting = (s: SetupSnapshot) => s.matches({ loaded: { ready: 'submitting' } }) || s.matches('confirmed');
export const selectSetupFailed = (s: SetupSnapshot) => s.matches({ loaded: { ready: 'failed' } });
export const selectSetupTerms = (s: SetupSnapshot) => setupTerms(s.context, s.context.method?.provider);

/**
 * The plan the request proposes as the plans job will charge it: its installments (with a bank account, moved off
 * weekends and holidays), each installment's fee-inclusive amount, and the total with fees — the sum of each
 * installment's own total, since each is charged on its own.
 */
export function selectProposedPlan(s: SetupSnapshot) {
  const plan = s.context.data?.request.paymentPlan ?? null;
  const method = s.context.method;
  const feeMethod = feeMethodOf(method);
  const rows = plan
    ? planSchedule(
        { startDate: plan.startDate, frequency: plan.frequency, totalAmountCents: amountToCents(plan.totalAmount), eachAmountCents: amountToCents(plan.eachAmount) },
        [],
        { provider: method?.provider ?? null, holidays: s.context.data?.holidays ?? [] },
      )
    : [];
  const each = computeTotals({ subtotalCents: plan ? amountToCents(plan.eachAmount) : 0, method: feeMethod });
  const totalCents = rows.reduce((sum, r) => sum + computeTotals({ subtotalCents: r.paymentAmountCents, method: feeMethod }).totalCents, 0);
  return { rows, each, totalCents };
}
