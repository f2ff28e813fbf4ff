import { useActorRef, useSelector } from '@xstate/react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { selectLoadData, selectLoadStatus } from '../../../machines/load/load.selectors';
import { paymentDetailMachine } from '../../../machines/reports/payment-detail.machine';
import { button } from '../../ui/button';
import { Page } from '../../ui/page';
import { LocationFrame } from '../dashboard/location-frame';
import type { LocationContextView } from '../dashboard/use-location-context';
import { useSession } from '../shell/session';
import { PaymentGroupView } from './payment-group-view';
import { paymentDetailTexts as t } from './texts';

function PaymentDetail({ vendorId, locationId, paymentGroupId, base, context }: { vendorId: string; locationId: string; paymentGroupId: string; base: string; context: LocationContextView }) {
  const actor = useActorRef(paymentDetailMachine, { input: { vendorId, locationId, paymentGroupId } });
  const status = useSelector(actor, selectLoadStatus);
  const data = useSelector(actor, selectLoadData);
  // recurring §2.10: a failed load redirects to the location base.
  if (status === 'failed') return <Navigate to={base} replace />;
  return (
    <PaymentGroupView
      title={t.title}
      exportTitle={t.exportTitle}
      loadingLabel={t.loading}
      status={status}
      data={data}
      vendorName={context.vendor?.displayName ?? context.vendor?.name ?? ''}
      locationName={context.location?.displayName}
      back={<Link to={`${base}/payments`} className={button({ variant: 'secondary' })}>{t.back}</Link>}
    />
  );
}

/** "Payment Detail for" at .../payments/{paymentGroupId} (spec §2, recurring §2.10). */
export default function PaymentDetailPage() {
  const session = useSession();
  const { vendorId = '', locationId = '', paymentGroupId = '' } = useParams();
  const base = `/token/${session.token}/vendors/${vendorId}/locations/${locationId}`;
  return (
    <LocationFrame vendorId={vendorId} locationId={locationId}>
      {(context) => (
        <Page>
          <PaymentDetail key={paymentGroupId} vendorId={vendorId} locationId={locationId} paymentGroupId={paymentGroupId} base={base} context={context} />
        </Page>
      )}
    </LocationFrame>
  );
}
