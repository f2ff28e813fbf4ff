import { AdjustmentPage } from './adjustment-page';

/** "Partial Payment for" at .../click2pay/{invoiceId}/partial. */
export default function PartialPage() {
  return <AdjustmentPage kind="partial" />;
}
