import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { invoiceReportMachine } from '../../../machines/reports/invoice-report.machine';
import type { Invoice } from '../../../machines/reports/reports.actors';
import { selectReportRows, selectReportSort, selectReportStatus } from '../../../machines/reports/reports.selectors';
import { csvCurrency, toCsv, type CsvColumn } from '../../../core/rules/csv';
import { formatCurrency } from '../../../core/rules/dollars';
import {
  INVOICE_REPORT_DEFAULT_SORT, invoiceReportCompare, reportInvoiceDate, reportInvoiceStatus, sortRows, type InvoiceReportColumn,
} from '../../../core/rules/reports';
import type { DataTableColumn } from '../../ui/data-table';
import { ReportActions, usePrinting } from '../../ui/report-actions';
import { shortDate, vendorFlag } from '../../../core/rules/display';
import { LocationPage } from '../../app/location-page';
import type { LocationContextView } from '../../app/use-location-context';
import { MachineSortedTable, ReportFailure, ReportHeader, TableSkeleton, emptyText } from '../../ui/report-layout';
import { invoiceReportTexts as t } from './texts';
import { amountToCents } from '../../../core/rules/money';
import { paths } from '../../../core/rules/paths';


/** Columns of the report: the table's and the CSV's (Invoice Date only when the vendor setting allows). */
function useInvoiceColumns(base: string, showInvoiceDate: boolean) {
  return useMemo(() => {
    const table: DataTableColumn<Invoice>[] = [
      { id: 'invoice', phone: 'primary' as const, header: t.columns.invoice, cell: (i) => <Link to={paths.invoice(base, i.id)}>{i.displayInvNum}</Link>, compare: invoiceReportCompare.invoice },
      ...(showInvoiceDate ? [{ id: 'invoiceDate', phone: 'detail' as const, header: t.columns.invoiceDate, cell: (i: Invoice) => shortDate(reportInvoiceDate(i)), compare: invoiceReportCompare.invoiceDate }] : []),
      { id: 'dueDate', phone: 'secondary' as const, header: t.columns.dueDate, cell: (i) => shortDate(i.dueDate), compare: invoiceReportCompare.dueDate },
      { id: 'amount', phone: 'secondary' as const, header: t.columns.amount, align: 'end', cell: (i) => formatCurrency(amountToCents(i.openAmount)), compare: invoiceReportCompare.amount },
      { id: 'status', phone: 'secondary' as const, header: t.columns.status, cell: (i) => reportInvoiceStatus(i), compare: invoiceReportCompare.status },
    ];
    const csv: CsvColumn<Invoice>[] = [
      { header: t.columns.invoice, value: (i) => i.displayInvNum },
      ...(showInvoiceDate ? [{ header: t.columns.invoiceDate, value: (i: Invoice) => shortDate(reportInvoiceDate(i)) }] : []),
      { header: t.columns.dueDate, value: (i) => shortDate(i.dueDate) },
      { header: t.columns.amount, value: (i) => csvCurrency(amountToCents(i.openAmount)) },
      { header: t.columns.status, value: (i) => reportInvoiceStatus(i) },
    ];
    return { table, csv };
  }, [base, showInvoiceDate]);
}

function InvoiceReport({ vendorId, locationId, base, context }: { vendorId: string; locationId: string; base: string; context: LocationContextView }) {
  const actor = useActorRef(invoiceReportMachine, { input: { vendorId, locationId } });
  const status = useSelector(actor, selectReportStatus);
  const rows = useSelector(actor, selectReportRows);
  const sort = useSelector(actor, selectReportSort) ?? INVOICE_REPORT_DEFAULT_SORT;
  const printing = usePrinting();
  const vendorName = context.vendor?.displayName ?? context.vendor?.name ?? '';
  const columns = useInvoiceColumns(base, vendorFlag(context.vendor?.featureFlags, 'displayExternalInvoiceDate'));
  const csv = () => toCsv(columns.csv, sortRows(rows, sort as { column: InvoiceReportColumn; direction: typeof sort.direction }, invoiceReportCompare));
  return (
    <>
      <ReportHeader
        title={t.title}
        locationName={context.location?.displayName}
        printTitle={t.exportTitle}
        actions={<ReportActions title={t.exportTitle} vendorName={vendorName} csv={csv} disabled={status !== 'loaded'} unavailable={status === 'failed'} />}
      />
      {status === 'loading' ? <TableSkeleton label={t.loading} /> : null}
      {status === 'failed' ? <ReportFailure vendorName={vendorName} /> : null}
      {status === 'empty' ? <p className={emptyText}>{t.empty}</p> : null}
      {status === 'loaded' ? (
        <MachineSortedTable
          label={t.tableLabel}
          rows={rows}
          rowKey={invoiceKey}
          columns={columns.table}
          sort={sort}
          onSort={(column) => actor.send({ type: 'report.sort', column })}
          virtualizeAbove={printing ? Number.POSITIVE_INFINITY : undefined}
          rowAttributes={rowAttributes}
        />
      ) : null}
    </>
  );
}

const invoiceKey = (i: Invoice) => i.id;
const rowAttributes = () => ({ 'data-testid': 'invoice-report-row' }) as const;

/** "Invoice Report for" at .../invoices (spec §2): every invoice, sortable (default due date ascending), CSV and print. */
export default function InvoiceReportPage() {
  return (
    <LocationPage>
      {({ vendorId, locationId, base, context }) => (
        <InvoiceReport key={`${vendorId}/${locationId}`} vendorId={vendorId} locationId={locationId} base={base} context={context} />
      )}
    </LocationPage>
  );
}
