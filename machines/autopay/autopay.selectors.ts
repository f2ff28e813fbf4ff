/** Snapshots of the AutoPay machines → what the views show. */
import type { SnapshotFrom } from 'xstate';
import { feeMethodOf, hasServiceFee, shownServiceFeePercent } from '../../core/rules/fees';
import { vendorToday } from '../../core/rules/payment-dates';
import { exclusionChanges } from '../../core/rules/recurring-plans';
import { isEditable, startDatesOf, termsFor, type autopayPageMachine } from './autopay-page.machine';
import type { autopayDeleteMachine } from './autopay-delete.machine';
import type { AutopaySubmitEvent, autopaySubmitMachine } from './autopay-submit.machine';
import type { AutopayUpdateEvent, AutopayUpdateFailure, autopayUpdateMachine } from './autopay-update.machine';

type PageSnapshot = Pick<SnapshotFrom<typeof autopayPageMachine>, 'context' | 'matches'>;

export type AutopayPageStatus = 'loading' | 'failed' | 'active' | 'inactive';

export function selectPageStatus(s: PageSnapshot): AutopayPageStatus {
  if (s.matches('loading')) return 'loading';
  if (s.matches('failed')) return 'failed';
  return s.matches({ loaded: 'active' }) ? 'active' : 'inactive';
}

/** Today in the vendor's time zone when the page opened (the calendar's first month). */
export const selectToday = (s: PageSnapshot): string => vendorToday(s.context.input.now, s.context.input.vendor.eodCutoff.timezone).toString();
export const selectStartDates = (s: PageSnapshot): string[] => startDatesOf(s.context);
export const selectEditable = (s: PageSnapshot): boolean => isEditable(s.context);
export const selectTerms = (s: PageSnapshot) => termsFor(s.context, s.context.method?.provider);

/** §5: a start date, the terms checked, and a chosen method that is not pending verification. */
export function selectSetupValid(s: PageSnapshot): boolean {
  const { method, startDate, termsAccepted } = s.context;
  return s.matches({ loaded: 'inactive' }) && !!startDate && termsAccepted && !!method && !method.displayExtra.verificationRequired && !!selectTerms(s);
}

/** §2.2: a different method that needs no verification. */
export function selectMethodChanged(s: PageSnapshot): boolean {
  const { method, data } = s.context;
  return !!method && !!data?.autopay && method.id !== data.autopay.paymentMethodId && !method.displayExtra.verificationRequired;
}

export function selectExclusionChanges(s: PageSnapshot) {
  return exclusionChanges(s.context.data?.autopay?.excludedInvoices ?? [], s.context.excluded);
}

export function selectExclusionsChanged(s: PageSnapshot): boolean {
  const c = selectExclusionChanges(s);
  return c.excludeInvoiceIds.length + c.reincludeInvoiceIds.length > 0;
}

/** §2.2: Update is enabled only when the box is ticked and the method or the exclusions changed. */
export function selectUpdateEnabled(s: PageSnapshot): boolean {
  return s.matches({ loaded: 'active' }) && s.context.termsAccepted && (selectMethodChanged(s) || selectExclusionsChanged(s)) && (!selectMethodChanged(s) || !!selectTerms(s));
}

/** True when the chosen method adds a service fee (the "… AutoPay Plus?" modal asks first). */
export function selectFee(s: PageSnapshot): boolean {
  const { method } = s.context;
  return hasServiceFee(feeMethodOf(method));
}

/** The percent charged with the chosen method (the fee modal's text), null when none. */
export function selectFeePercent(s: PageSnapshot): string | null {
  return shownServiceFeePercent(feeMethodOf(s.context.method));
}

/** Set up (§2.1): the submit the form describes, or null while it is not valid. */
export function selectSetupSubmit(s: PageSnapshot): Extract<AutopaySubmitEvent, { type: 'autopay.submit' }> | null {
  const { method, startDate, excluded } = s.context;
  const terms = selectTerms(s);
  if (!selectSetupValid(s) || !method || !startDate || !terms) return null;
  return { type: 'autopay.submit', body: { paymentMethodId: method.id, startDate, excludedInvoices: excluded, epaVersion: terms.version }, fee: selectFee(s) };
}

/**
 * Update (§2.2, §7): the method change (only a different method, with the terms of its provider) and the exclusion
 * change; the fee modal asks only when the method changes to one with a fee. Null while Update is not enabled.
 */
export function selectUpdateSubmit(s: PageSnapshot): Extract<AutopayUpdateEvent, { type: 'update.submit' }> | null {
  if (!selectUpdateEnabled(s)) return null;
  const terms = selectTerms(s);
  const method = selectMethodChanged(s) && s.context.method && terms ? { paymentMethodId: s.context.method.id, epaVersion: terms.version } : null;
  return { type: 'update.submit', method, exclusions: selectExclusionChanges(s), fee: method !== null && selectFee(s) };
}

type SubmitSnapshot = Pick<SnapshotFrom<typeof autopaySubmitMachine>, 'matches'>;
export const selectSubmitting = (s: SubmitSnapshot) => s.matches('submitting') || s.matches('confirmed');
export const selectSubmitConfirming = (s: SubmitSnapshot) => s.matches('confirming');
export const selectSubmitFailed = (s: SubmitSnapshot) => s.matches('failed');

type UpdateSnapshot = Pick<SnapshotFrom<typeof autopayUpdateMachine>, 'matches' | 'context'>;
export const selectUpdating = (s: UpdateSnapshot) => s.matches('updating') || s.matches('updated');
export const selectUpdateConfirming = (s: UpdateSnapshot) => s.matches('confirming');
export function selectUpdateFailure(s: UpdateSnapshot): AutopayUpdateFailure | null {
  if (!s.matches('failed')) return null;
  const { methodFailed, exclusionsFailed } = s.context;
  return methodFailed && exclusionsFailed ? 'both' : methodFailed ? 'method' : 'exclusions';
}

type DeleteSnapshot = Pick<SnapshotFrom<typeof autopayDeleteMachine>, 'matches'>;
export const selectDeleteOpen = (s: DeleteSnapshot) => !s.matches('idle') && !s.matches('deleted');
export const selectDeleting = (s: DeleteSnapshot) => s.matches('deleting') || s.matches('deleted');
export const selectDeleteFailed = (s: DeleteSnapshot) => s.matches('failed');
