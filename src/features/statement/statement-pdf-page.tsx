import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { css } from '../../../styled-system/css';
import { pdfLoaderMachine } from '../../../machines/pdf-loader/pdf-loader.machine';
import { fetchStatementPdf } from '../../../machines/statement/statement.actors';
import { Page } from '../../ui/page';
import { LoadingRegion, Skeleton } from '../../ui/reserved';
import { pdfNavigation } from '../../ui/pdf-navigation';
import { statementPdfTexts as t } from './texts';
import { useLocationRoute } from '../../app/location-page';

/**
 * .../statement/pdfloader: the statement PDF through the PDF loader chart (loading → loaded (redirect to a blob: URL) |
 * failed), with the statement's call as its fetch actor. Opened in a new tab from the statement page.
 */
export default function StatementPdfPage() {
  const { vendorId, locationId } = useLocationRoute();
  const logic = useMemo(
    () => pdfLoaderMachine.provide({ actors: { fetchPdf: fetchStatementPdf as never }, actions: { openPdf: (_, url) => pdfNavigation.open(url) } }),
    [],
  );
  const actor = useActorRef(logic, { input: { vendorId, locationId, invoiceId: '' } });
  const failed = useSelector(actor, (s) => s.matches('failed'));
  return (
    <Page>
      {failed ? (
        <p role="alert" className={css({ bg: 'white', borderWidth: '1px', borderColor: '#f4c7c3', color: 'danger', borderRadius: 'card', p: '5', fontWeight: '600' })}>{t.failed}</p>
      ) : (
        <LoadingRegion label={t.loading}><Skeleton height={480} /></LoadingRegion>
      )}
    </Page>
  );
}
