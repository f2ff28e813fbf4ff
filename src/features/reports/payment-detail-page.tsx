import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { selectLoadData, selectLoadStatus } from '../../../machines/load/load.selectors';
import { paymentDetailMachine } from '../../../machines/reports/payment-detail.machine';
import { css } from '../../../styled-system/css';
import { button } from '../../ui/button';
import { LocationPage } from '../../app/location-page';
import type { LocationContextView } from '../../app/use-location-context';
import { PaymentGroupView } from '../../ui/payment-group-view';
import { ReportFailure, ReportHeader } from '../../ui/report-layout';
import { paymentDetailTexts as t } from './texts';
import { paths } from '../../../core/rules/paths';

function PaymentDetail({ vendorId, locationId, paymentGroupId, base, context }: { vendorId: string; locationId: string; paymentGroupId: string; base: string; context: LocationContextView }) {
  const actor = useActorRef(paymentDetailMachine, { input: { vendorId, locationId, paymentGroupId } });
  const status = useSelector(actor, selectLoadStatus);
  const data = useSelector(actor, selectLoadData);
  const vendorName = context.vendor?.displayName ?? context.vendor?.name ?? '';
  const back = <Link to={paths.payments(base)} className={button({ variant: 'secondary' })}>{t.back}</Link>;
  // core §8: the machine's `failed` state is the page's failure text (no redirect: docs/decisions.md).
  if (status === 'failed') {
    return (
      <>
        <ReportHeader title={t.title} locationName={context.location?.displayName} printTitle={t.exportTitle} />
        <ReportFailure vendorName={vendorName} text={t.loadFailed} />
        <div className={css({ mt: '5' })}>{back}</div>
      </>
    );
  }
  return (
    <PaymentGroupView
      title={t.title}
      exportTitle={t.exportTitle}
      loadingLabel={t.loading}
      status={status}
      data={data}
      vendorName={vendorName}
      locationName={context.location?.displayName}
      back={back}
      receipt={{ vendorId, locationId, paymentGroupId }}
    />
  );
}

/** "Payment Detail for" at .../payments/{paymentGroupId} (spec §2, recurring §2.10). */
export default function PaymentDetailPage() {
  return (
    <LocationPage params={['paymentGroupId']}>
      {({ vendorId, locationId, base, context, params: { paymentGroupId } }) => (
        <PaymentDetail key={paymentGroupId} vendorId={vendorId} locationId={locationId} paymentGroupId={paymentGroupId} base={base} context={context} />
      )}
    </LocationPage>
  );
}
