import { Link, Navigate, useLocation, useParams } from 'react-router-dom';
import { button } from '../../ui/button';
import { Page, PageTitle } from '../../ui/page';
import { shortDate } from '../../../core/rules/display';
import { LocationFrame } from '../../app/location-frame';
import { useSession } from '../../app/session';
import { layout } from '../../ui/form-parts';
import { autopayTexts as t } from './texts';
import { paths } from '../../../core/rules/paths';

/** `.../autopaydelete/confirmation`: "AutoPay turned off" with the deactivation date (§2.2); without state → root. */
export default function AutopayDeletedPage() {
  const session = useSession();
  const { vendorId = '', locationId = '' } = useParams();
  const { state } = useLocation() as { state: { deleted?: boolean; deactivationDate?: string } | null };
  const base = paths.location({ token: session.token, vendorId, locationId });
  if (!state?.deleted || !state.deactivationDate) return <Navigate to={base} replace />;
  return (
    <LocationFrame vendorId={vendorId} locationId={locationId}>
      {() => (
        <Page>
          <PageTitle>{t.confirmation.turnedOff}</PageTitle>
          <p data-testid="deactivation-date">{t.confirmation.offOn(shortDate(state.deactivationDate))}</p>
          <div className={layout.actions} style={{ marginTop: 24 }}>
            <Link to={base} className={button()}>{t.confirmation.dashboard}</Link>
          </div>
        </Page>
      )}
    </LocationFrame>
  );
}
