import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { css } from '../../../styled-system/css';
import { pdfLoaderMachine } from '../../../machines/pdf-loader/pdf-loader.machine';
import { Page } from '../../ui/page';
import { pdfNavigation } from '../../ui/pdf-navigation';
import { LoadingRegion, Skeleton } from '../../ui/reserved';
import { pdfTexts as t } from './texts';
import { useLocationRoute } from '../../app/location-page';

export { pdfNavigation };

/** .../invoices/{invoiceId}/pdfloader (spec §2, §4): fetches the invoice PDF and redirects to it. */
export default function PdfLoaderPage() {
  const { vendorId, locationId, params: { invoiceId } } = useLocationRoute(['invoiceId']);
  const logic = useMemo(() => pdfLoaderMachine.provide({ actions: { openPdf: (_, url) => pdfNavigation.open(url) } }), []);
  const actor = useActorRef(logic, { input: { vendorId, locationId, invoiceId } });
  const failed = useSelector(actor, (s) => s.matches('failed'));
  return (
    <Page>
      {failed ? (
        <p role="alert" className={css({ bg: 'white', borderWidth: '1px', borderColor: '#f4c7c3', color: 'danger', borderRadius: 'card', p: '5', fontWeight: '600' })}>{t.failed}</p>
      ) : (
        <LoadingRegion label={t.loading}>
          <Skeleton height={480} />
        </LoadingRegion>
      )}
    </Page>
  );
}
