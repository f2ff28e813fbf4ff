/** Payment Detail load (recurring §2.10): loading → loaded | failed; the page redirects to the location base on failure. */
import { createLoadMachine } from '../load/load.machine';
import { fetchPaymentDetail, type PaymentDetailInput, type PaymentGroupDetail } from './reports.actors';

export const paymentDetailMachine = createLoadMachine<PaymentGroupDetail, PaymentDetailInput>('paymentDetailLoad', fetchPaymentDetail);
