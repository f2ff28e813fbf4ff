import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { Redirect } from '../../app/redirect';
import { paymentConfirmationMachine } from '../../../machines/click2pay/confirmation.machine';
import { selectLoadData, selectLoadStatus } from '../../../machines/load/load.selectors';
import { button } from '../../ui/button';
import { LocationPage } from '../../app/location-page';
import type { LocationContextView } from '../../app/use-location-context';
import { PaymentGroupView } from '../../ui/payment-group-view';
import { confirmationTexts as t } from './texts';

function Confirmation({ vendorId, locationId, paymentGroupId, base, context }: { vendorId: string; locationId: string; paymentGroupId: string; base: string; context: LocationContextView }) {
  const actor = useActorRef(paymentConfirmationMachine, { input: { vendorId, locationId, paymentGroupId } });
  const status = useSelector(actor, selectLoadStatus);
  const data = useSelector(actor, selectLoadData);
  // §8: a failed confirmation load redirects to the location base.
  if (status === 'failed') return <Redirect to={base} replace />;
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
      receipt={{ vendorId, locationId, paymentGroupId }}
    />
  );
}

/** "Payment Scheduled for" at .../click2pay/{paymentGroupId}/confirmation (spec §2, recurring §2.10). */
export default function ConfirmationPage() {
  return (
    <LocationPage params={['paymentGroupId']}>
      {({ vendorId, locationId, base, context, params: { paymentGroupId } }) => (
        <Confirmation key={paymentGroupId} vendorId={vendorId} locationId={locationId} paymentGroupId={paymentGroupId} base={base} context={context} />
      )}
    </LocationPage>
  );
}
