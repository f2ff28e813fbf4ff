/**
 * When the click-to-pay form may be submitted — portal-core.md §5 Validation rules ("Payment form is valid only if:
 * terms checked; a payment method with an id is selected; that method does not require verification; a date is
 * chosen; the invoice total is >= 0; and at least one invoice is selected") and §4 ("A payment method that requires
 * verification is pending and unusable until micro-deposits are verified"). The SPA's submit guard and the server's
 * re-check of `POST .../paymentgroups` share it; the server adds what only it knows (ownership, payability, the
 * date against the calendar, the EPA version).
 */

export type PaymentFormProblem = 'terms' | 'method' | 'verification' | 'date' | 'total' | 'invoices';

export interface PaymentFormInput {
  termsAccepted: boolean;
  method: { id?: string | null; verificationRequired?: boolean | null } | null | undefined;
  /** The chosen date (PlainDate, or `yyyy-MM-dd` text); null/'' when none is chosen. */
  paymentDate: { toString(): string } | string | null | undefined;
  /** The batch total (subtotal after disputes/partials, plus any fee) in cents. */
  totalCents: number;
  /** Number of selected invoices (credits included). */
  invoiceCount: number;
}

/** Every rule of §5 the form breaks, in the spec's order (empty when it may be submitted). */
export function paymentFormProblems(form: PaymentFormInput): PaymentFormProblem[] {
  const problems: PaymentFormProblem[] = [];
  if (!form.termsAccepted) problems.push('terms');
  if (!form.method || !form.method.id) problems.push('method');
  else if (form.method.verificationRequired) problems.push('verification');
  if (form.paymentDate === null || form.paymentDate === undefined || String(form.paymentDate) === '') problems.push('date');
  if (!Number.isFinite(form.totalCents) || form.totalCents < 0) problems.push('total');
  if (!(form.invoiceCount > 0)) problems.push('invoices');
  return problems;
}

/** §5: the payment form is valid only when no rule is broken. */
export function isPaymentFormValid(form: PaymentFormInput): boolean {
  return paymentFormProblems(form).length === 0;
}
