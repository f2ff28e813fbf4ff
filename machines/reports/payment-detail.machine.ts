/**
 * Payment Detail load (core §2, §8; recurring §2.10): loading → loaded | failed, the generic load lifecycle without
 * `load.refresh`. `failed` is where the page stays and shows core §8's payment-detail failure text ("We were unable
 * to load the data for this payment detail. …" and the contact line); an unknown or foreign id (404) ends there too.
 * Only the payment *confirmation* leaves for the location base on a failed load (docs/decisions.md, "Payment detail
 * failure"). The text asks for a browser refresh, so the chart has no retry.
 */
import { createLoadMachine } from '../load/load.machine';
import { fetchPaymentDetail, type PaymentDetailInput, type PaymentGroupDetail } from './reports.actors';

export const paymentDetailMachine = createLoadMachine<PaymentGroupDetail, PaymentDetailInput>('paymentDetailLoad', fetchPaymentDetail, {
  refresh: false,
});
