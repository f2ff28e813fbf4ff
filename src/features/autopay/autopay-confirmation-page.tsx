import { Link, useLocation } from 'react-router-dom';
import { Redirect } from '../../app/redirect';
import { button } from '../../ui/button';
import { Card, PageTitle } from '../../ui/page';
import { shortDate } from '../../../core/rules/display';
import { LocationPage, useLocationRoute } from '../../app/location-page';
import { layout } from '../../ui/form-parts';
import { autopayTexts as t } from './texts';
import type { AutopayConfirmationState } from './use-autopay';
import { paths } from '../../../core/rules/paths';

function isState(value: unknown): value is AutopayConfirmationState {
  const v = value as AutopayConfirmationState | null;
  return !!v && (v.kind === 'setUp' || v.kind === 'updated') && !!v.autopay?.startDate;
}

/**
 * `.../autopayconfirmation` ("AutoPay set up for") and `.../autopaymanage/confirmation` ("AutoPay updated for"), from
 * the navigation state; without it (no payment date) the page redirects to `.../autopaymanage` (§2.2).
 */
export default function AutopayConfirmationPage() {
  const { state } = useLocation();
  const { base } = useLocationRoute();
  if (!isState(state)) return <Redirect to={paths.autopayManage(base)} replace />;
  const { autopay } = state;
  return (
    <LocationPage>
      {({ context }) => (
        <>
          <PageTitle>
            {state.kind === 'setUp' ? t.confirmation.setUp : t.confirmation.updated}{' '}
            {context.location ? <span className={layout.accent}>{context.location.displayName}</span> : null}
          </PageTitle>
          <Card>
            <dl className={layout.dl}>
              <dt>{t.confirmation.method}</dt>
              <dd>{autopay.paymentMethodName} {autopay.paymentMethodLastFour}</dd>
              <dt>{t.confirmation.startDate}</dt>
              <dd>{shortDate(autopay.startDate)}</dd>
              <dt>{t.confirmation.excluded}</dt>
              <dd>{autopay.excludedInvoices.length}</dd>
            </dl>
          </Card>
          <div className={layout.actions} style={{ marginTop: 24 }}>
            <Link to={base} className={button()}>{t.confirmation.dashboard}</Link>
            <Link to={paths.autopayManage(base)} className={button({ variant: 'secondary' })}>{t.confirmation.manage}</Link>
          </div>
        </>
      )}
    </LocationPage>
  );
}
