import { AdjustmentPage } from './adjustment-page';

/** "Dispute an Invoice for" at .../click2pay/{invoiceId}/dispute. */
export default function DisputePage() {
  return <AdjustmentPage kind="dispute" />;
}
