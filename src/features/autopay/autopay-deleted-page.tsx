import { Link, useLocation } from 'react-router-dom';
import { Redirect } from '../../app/redirect';
import { button } from '../../ui/button';
import { PageTitle } from '../../ui/page';
import { shortDate } from '../../../core/rules/display';
import { LocationPage, useLocationRoute } from '../../app/location-page';
import { layout } from '../../ui/form-parts';
import { autopayTexts as t } from './texts';

/** `.../autopaydelete/confirmation`: "AutoPay turned off" with the deactivation date (§2.2); without state → root. */
export default function AutopayDeletedPage() {
  const { state } = useLocation() as { state: { deleted?: boolean; deactivationDate?: string } | null };
  const { base } = useLocationRoute();
  if (!state?.deleted || !state.deactivationDate) return <Redirect to={base} replace />;
  return (
    <LocationPage>
      {() => (
        <>
          <PageTitle>{t.confirmation.turnedOff}</PageTitle>
          <p data-testid="deactivation-date">{t.confirmation.offOn(shortDate(state.deactivationDate))}</p>
          <div className={layout.actions} style={{ marginTop: 24 }}>
            <Link to={base} className={button()}>{t.confirmation.dashboard}</Link>
          </div>
        </>
      )}
    </LocationPage>
  );
}
