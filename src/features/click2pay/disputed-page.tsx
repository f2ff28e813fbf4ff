import { Link, useLocation } from 'react-router-dom';
import { css } from '../../../styled-system/css';
import { button } from '../../ui/button';
import { Card, PageTitle } from '../../ui/page';
import { LocationPage } from '../../app/location-page';
import { confirmationTexts as t } from './texts';

/** What the pay page hands over (navigation state): whether a partial payment (newAmount above 0) was made. */
export interface DisputedPageState {
  partialPayment: boolean;
}

/**
 * The thank-you page after a payment in which every invoice was disputed or part-paid (spec §2: it says a dispute
 * will be sent to the vendor's representative). The sentence on scheduled partial payments is ours, not the spec's:
 * it shows only when a partial payment was made (not after a reload, which has no navigation state).
 */
export default function DisputedPage() {
  const partialPayment = (useLocation().state as Partial<DisputedPageState> | null)?.partialPayment === true;
  return (
    <LocationPage>
      {({ base, context }) => (
        <>
          <PageTitle>
            {t.disputedTitle} {context.location ? <span className={css({ color: 'brand.700' })}>{context.location.displayName}</span> : null}
          </PageTitle>
          <Card>
            {/* Laid out but unseen until the vendor is known, so the sentence never reads "your  representative". */}
            <p style={context.vendor ? undefined : { visibility: 'hidden' }}>
              {t.disputedBody(context.vendor ? context.vendor.displayName || context.vendor.name : '')}
            </p>
            {partialPayment ? <p className={css({ mt: '2' })}>{t.disputedPartial}</p> : null}
            <Link to={base} className={button({ variant: 'secondary' }) + ' ' + css({ mt: '5' })}>{t.back}</Link>
          </Card>
        </>
      )}
    </LocationPage>
  );
}
