import { Link, useParams } from 'react-router-dom';
import { css } from '../../../styled-system/css';
import { button } from '../../ui/button';
import { Card, Page, PageTitle } from '../../ui/page';
import { LocationFrame } from '../dashboard/location-frame';
import { useSession } from '../shell/session';
import { confirmationTexts as t } from './texts';

/** The thank-you page after a payment in which every invoice was disputed or part-paid (spec §2). */
export default function DisputedPage() {
  const session = useSession();
  const { vendorId = '', locationId = '' } = useParams();
  const base = `/token/${session.token}/vendors/${vendorId}/locations/${locationId}`;
  return (
    <LocationFrame vendorId={vendorId} locationId={locationId}>
      {(context) => (
        <Page>
          <PageTitle>
            {t.disputedTitle} {context.location ? <span className={css({ color: 'brand.700' })}>{context.location.displayName}</span> : null}
          </PageTitle>
          <Card>
            <p>{t.disputedBody(context.vendor ? context.vendor.displayName || context.vendor.name : '')}</p>
            <p className={css({ mt: '2' })}>{t.disputedPartial}</p>
            <Link to={base} className={button({ variant: 'secondary' }) + ' ' + css({ mt: '5' })}>{t.back}</Link>
          </Card>
        </Page>
      )}
    </LocationFrame>
  );
}
