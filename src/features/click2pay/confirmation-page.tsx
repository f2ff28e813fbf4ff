import { useActorRef, useSelector } from '@xstate/react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { paymentConfirmationMachine } from '../../../machines/click2pay/confirmation.machine';
import { selectLoadData, selectLoadStatus } from '../../../machines/load/load.selectors';
import { button } from '../../ui/button';
import { Page } from '../../ui/page';
import { LocationFrame } from '../../app/location-frame';
import type { LocationContextView } from '../../app/use-location-context';
import { PaymentGroupView } from '../../ui/payment-group-view';
import { useSession } from '../../app/session';
import { confirmationTexts as t } from './texts';
import { paths } from '../../../core/rules/paths';

function Confirmation({ vendorId, locationId, paymentGroupId, base, context }: { vendorId: string; locationId: string; paymentGroupId: string; base: string; context: LocationContextView }) {
  const actor = useActorRef(paymentConfirmationMachine, { input: { vendorId, locationId, paymentGroupId } });
  const status = useSelector(actor, selectLoadStatus);
  const data = useSelector(actor, selectLoadData);
  // §8: a failed confirmation load redirects to the location base.
  if (status === 'failed') return <Navigate to={base} replace />;
  // The same parts as the Payment Detail (recurring §2.10), printed and exported as "Payment Confirmation" (§9).
  return (
    <PaymentGroupView
      title={t.title}
      exportTitle={t.exportTitle}
      loadingLabel={t.loading}
      status={status}
      data={data}
      vendorName={context.vendor?.displayName ?? context.vendor?.name ?? ''}
      locationName={context.location?.displayName}
      back={<Link to={base} className={button({ variant: 'secondary' })}>{t.back}</Link>}
    />
  );
}

/** "Payment Scheduled for" at .../click2pay/{paymentGroupId}/confirmation (spec §2, recurring §2.10). */
export default function ConfirmationPage() {
  const session = useSession();
  const { vendorId = '', locationId = '', paymentGroupId = '' } = useParams();
  const base = paths.location({ token: session.token, vendorId, locationId });
  return (
    <LocationFrame vendorId={vendorId} locationId={locationId}>
      {(context) => (
        <Page>
          <Confirmation key={paymentGroupId} vendorId={vendorId} locationId={locationId} paymentGroupId={paymentGroupId} base={base} context={context} />
        </Page>
      )}
    </LocationFrame>
  );
}
