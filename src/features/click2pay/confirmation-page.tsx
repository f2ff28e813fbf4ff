import { useActorRef, useSelector } from '@xstate/react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { css } from '../../../styled-system/css';
import { paymentConfirmationMachine } from '../../../machines/click2pay/confirmation.machine';
import { selectLoadData, selectLoadStatus } from '../../../machines/load/load.selectors';
import { formatCurrency } from '../../domain/dollars';
import { paymentMethodLabel } from '../../domain/invoices';
import { button } from '../../ui/button';
import { Card, Page, PageTitle } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { LocationFrame } from '../dashboard/location-frame';
import { useSession } from '../shell/session';
import { shortDate } from './format';
import { confirmationTexts as t } from './texts';

const cents = (amount: number) => Math.round(amount * 100);

function Confirmation({ vendorId, locationId, paymentGroupId, base }: { vendorId: string; locationId: string; paymentGroupId: string; base: string }) {
  const actor = useActorRef(paymentConfirmationMachine, { input: { vendorId, locationId, paymentGroupId } });
  const status = useSelector(actor, selectLoadStatus);
  const data = useSelector(actor, selectLoadData);
  // §8: a failed confirmation load redirects to the location base.
  if (status === 'failed') return <Navigate to={base} replace />;
  if (status === 'loading' || !data) return <Spinner label={t.loading} />;
  const group = data.paymentGroup;
  const name = group.paymentMethodName || group.paymentMethod?.displayExtra.name || '';
  const four = group.paymentMethodLastFour || group.paymentMethod?.displayExtra.lastFour || '';
  return (
    <Card>
      <dl className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'auto 1fr' }, columnGap: '6', rowGap: '1', mb: '5', '& dt': { color: 'muted' }, '& dd': { m: 0, fontWeight: '600' } })}>
        <dt>{t.confirmationNumber}</dt><dd data-testid="confirmation-number">{group.confirmationNumber}</dd>
        <dt>{t.paymentDate}</dt><dd>{shortDate(group.paymentDate)}</dd>
        <dt>{t.paymentMethod}</dt><dd>{paymentMethodLabel(name, four, false)}</dd>
      </dl>
      <div className={css({ overflowX: 'auto', position: 'relative' })}>
        <table className={css({ width: '100%', borderCollapse: 'collapse', fontSize: 'sm', '& th, & td': { px: '2', py: '2', textAlign: 'left', borderBottomWidth: '1px', borderColor: 'line' }, '& th': { color: 'muted' } })}>
          <thead>
            <tr><th scope="col">{t.invoice}</th><th scope="col">{t.dueDate}</th><th scope="col" style={{ textAlign: 'right' }}>{t.amountPaid}</th></tr>
          </thead>
          <tbody>
            {data.payments.map((p) => (
              <tr key={p.id}>
                <td>{p.invoiceDisplayInvNum}</td>
                <td>{shortDate(p.invoiceDueDate)}</td>
                <td style={{ textAlign: 'right' }}>{formatCurrency(cents(p.paidAmount))}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr><th scope="row" colSpan={2}>{t.total}</th><td style={{ textAlign: 'right', fontWeight: 700 }} data-testid="payment-total">{formatCurrency(cents(group.paymentTotal))}</td></tr>
          </tfoot>
        </table>
      </div>
      <Link to={base} className={button({ variant: 'secondary' }) + ' ' + css({ mt: '5' })}>{t.back}</Link>
    </Card>
  );
}

/** "Payment Scheduled for" at .../click2pay/{paymentGroupId}/confirmation (spec §2, recurring §2.10). */
export default function ConfirmationPage() {
  const session = useSession();
  const { vendorId = '', locationId = '', paymentGroupId = '' } = useParams();
  const base = `/token/${session.token}/vendors/${vendorId}/locations/${locationId}`;
  return (
    <LocationFrame vendorId={vendorId} locationId={locationId}>
      {(context) => (
        <Page>
          <PageTitle>
            {t.title} {context.location ? <span className={css({ color: 'brand.700' })}>{context.location.displayName}</span> : null}
          </PageTitle>
          <Confirmation key={paymentGroupId} vendorId={vendorId} locationId={locationId} paymentGroupId={paymentGroupId} base={base} />
        </Page>
      )}
    </LocationFrame>
  );
}
