/** Load lifecycle of the payment confirmation (loading → loaded | failed; a failure sends the page to the location base). */
import { createLoadMachine } from '../load/load.machine';
import { fetchPaymentGroup, type LocationInput, type PaymentGroupDetail } from './click2pay.actors';

export type ConfirmationInput = LocationInput & { paymentGroupId: string };

export const paymentConfirmationMachine = createLoadMachine<PaymentGroupDetail, ConfirmationInput>('paymentConfirmationLoad', fetchPaymentGroup);
