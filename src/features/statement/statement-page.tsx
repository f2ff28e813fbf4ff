import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { css } from '../../../styled-system/css';
import type { Statement, StatementLine } from '../../../machines/statement/statement.actors';
import { statementMachine } from '../../../machines/statement/statement.machine';
import { asOfEqual, selectStatement, selectStatementAsOf, selectStatementStatus } from '../../../machines/statement/statement.selectors';
import { csvCurrency, toCsv, type CsvColumn } from '../../../core/rules/csv';
import { formatCurrency } from '../../../core/rules/dollars';
import { Button, button } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { Card, PageTitle } from '../../ui/page';
import { usePageShown } from '../../ui/page-shown';
import { PrintStyles, ReportActions, usePrinting } from '../../ui/report-actions';
import { LoadingRegion, Skeleton } from '../../ui/reserved';
import { shortDate } from '../../../core/rules/display';
import { LocationPage } from '../../app/location-page';
import type { LocationContextView } from '../../app/use-location-context';
import { AdBanner } from './ad-banner';
import { DeliveryPreferences } from './delivery-preferences';
import { statementTexts as t } from './texts';
import { amountToCents } from '../../../core/rules/money';
import { paths } from '../../../core/rules/paths';

const money = (amount: number) => formatCurrency(amountToCents(amount));

const styles = {
  header: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', columnGap: '4', rowGap: '2', mb: '4' }),
  // Its width from the first paint ("as of 11/26/26" fits 14ch): the date arriving must not push the actions to a new row.
  asOf: css({ color: 'muted', fontSize: 'md', fontWeight: '400', ml: '1', display: 'inline-block', minWidth: '14ch' }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', _print: { display: 'none' } }),
  status: { credit: css({ color: 'success', fontWeight: '600' }), pastDue: css({ color: 'danger', fontWeight: '600' }), current: css({ color: 'ink' }) },
  summary: css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, mt: '5' }),
  dl: css({ display: 'grid', gridTemplateColumns: '1fr auto', rowGap: '2', columnGap: '4', m: '0', '& dd': { m: '0', textAlign: 'end', fontVariantNumeric: 'tabular-nums' } }),
  h2: css({ fontSize: 'lg', fontWeight: '700', mb: '3' }),
  strong: css({ fontWeight: '700' }),
  failure: css({ bg: 'white', borderWidth: '1px', borderColor: '#f4c7c3', borderRadius: 'card', p: '5', color: 'danger', fontWeight: '600' }),
  empty: css({ bg: 'white', borderRadius: 'card', borderWidth: '1px', borderColor: 'line', p: '5', color: 'muted' }),
  disclaimer: css({ mt: '5', fontSize: 'sm', color: 'muted' }),
  pay: css({ mt: '5', display: 'flex', justifyContent: 'flex-end', _print: { display: 'none' } }),
};

function useStatementColumns(base: string) {
  return useMemo(() => {
    const table: DataTableColumn<StatementLine>[] = [
      { id: 'invoice', phone: 'primary', header: t.columns.invoice, cell: (l) => <Link to={paths.invoice(base, l.id)}>{l.displayInvNum}</Link> },
      { id: 'invoiceDate', phone: 'detail', header: t.columns.invoiceDate, cell: (l) => shortDate(l.invoiceDate) },
      { id: 'dueDate', phone: 'secondary', header: t.columns.dueDate, cell: (l) => shortDate(l.dueDate) },
      { id: 'status', phone: 'secondary', header: t.columns.status, cell: (l) => <span className={styles.status[l.classification]}>{t.classification[l.classification]}</span> },
      { id: 'amount', phone: 'secondary', header: t.columns.amount, align: 'end', cell: (l) => money(l.openAmount) },
      {
        id: 'pdf', phone: 'action', header: t.columns.pdf, width: '72px',
        cell: (l) => <a href={paths.invoicePdf(base, l.id)} target="_blank" rel="noopener noreferrer" aria-label={t.invoicePdf(l.displayInvNum)}>{t.columns.pdf}</a>,
      },
    ];
    const csv: CsvColumn<StatementLine>[] = [
      { header: t.columns.invoice, value: (l) => l.displayInvNum },
      { header: t.columns.invoiceDate, value: (l) => shortDate(l.invoiceDate) },
      { header: t.columns.dueDate, value: (l) => shortDate(l.dueDate) },
      { header: t.columns.status, value: (l) => t.classification[l.classification] },
      { header: t.columns.daysPastDue, value: (l) => l.daysPastDue },
      { header: t.columns.amount, value: (l) => csvCurrency(amountToCents(l.openAmount)) },
    ];
    return { table, csv };
  }, [base]);
}

const lineKey = (l: StatementLine) => l.id;
const rowAttributes = (l: StatementLine) => ({ 'data-testid': 'statement-row', 'data-classification': l.classification }) as const;

function Summary({ statement }: { statement: Statement }) {
  const { totals, aging } = statement;
  return (
    <div className={styles.summary}>
      <Card label={t.totals.title}>
        <h2 className={styles.h2}>{t.totals.title}</h2>
        <dl className={styles.dl} data-testid="statement-totals">
          <dt>{t.totals.invoices}</dt><dd>{money(totals.invoices)}</dd>
          <dt>{t.totals.credits}</dt><dd>{money(totals.credits)}</dd>
          <dt>{t.totals.pastDue}</dt><dd>{money(totals.pastDue)}</dd>
          <dt className={styles.strong}>{t.totals.balance}</dt><dd className={styles.strong}>{money(totals.balance)}</dd>
        </dl>
      </Card>
      <Card label={t.aging.title}>
        <h2 className={styles.h2}>{t.aging.title}</h2>
        <dl className={styles.dl} data-testid="statement-aging">
          {(['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const).map((k) => (
            <div key={k} style={{ display: 'contents' }}><dt>{t.aging[k]}</dt><dd>{money(aging[k])}</dd></div>
          ))}
        </dl>
      </Card>
    </div>
  );
}

function StatementBody({ vendorId, locationId, base, context }: { vendorId: string; locationId: string; base: string; context: LocationContextView }) {
  const actor = useActorRef(statementMachine, { input: { vendorId, locationId } });
  // The page is on the reader's screen: the chart marks the statement request (a first visit).
  usePageShown(actor);
  const status = useSelector(actor, selectStatementStatus);
  const statement = useSelector(actor, selectStatement);
  const printing = usePrinting();
  const navigate = useNavigate();
  const columns = useStatementColumns(base);
  const vendorName = context.vendor?.displayName ?? context.vendor?.name ?? '';
  const asOf = useSelector(actor, selectStatementAsOf, asOfEqual);
  return (
    <>
      <PrintStyles title={t.exportTitle} />
      <AdBanner vendorId={vendorId} locationId={locationId} />
      <div className={styles.header}>
        <PageTitle className={css({ mb: '0' })}>
          {t.title}{' '}
          <span className={styles.asOf} data-testid="statement-as-of">{asOf ? t.asOf(asOf.date) : '\u00a0'}</span>
        </PageTitle>
        <div className={styles.actions}>
          <ReportActions title={t.exportTitle} vendorName={vendorName} csv={() => toCsv(columns.csv, statement?.lines ?? [])} disabled={status !== 'loaded'} unavailable={status === 'failed'} />
          <a className={button({ variant: 'secondary', size: 'sm' })} href={paths.statementPdf(base)} target="_blank" rel="noopener noreferrer">{t.statementPdf}</a>
        </div>
      </div>
      {status === 'loading' ? (
        <LoadingRegion label={t.loading} className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <Skeleton height={36} />
          {Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height={40} />)}
        </LoadingRegion>
      ) : null}
      {status === 'failed' ? <p role="alert" className={styles.failure}>{t.loadFailed(vendorName)}</p> : null}
      {status === 'empty' ? <p className={styles.empty}>{t.empty}</p> : null}
      {status === 'loaded' && statement ? (
        <>
          <DataTable label={t.tableLabel} rows={statement.lines} rowKey={lineKey} columns={columns.table} rowAttributes={rowAttributes} virtualizeAbove={printing ? Number.POSITIVE_INFINITY : undefined} />
          <Summary statement={statement} />
        </>
      ) : null}
      <div className={styles.pay}>
        <Button onClick={() => navigate(paths.click2pay(base), { replace: true })}>{t.makePayment}</Button>
      </div>
      {asOf ? <p className={styles.disclaimer} data-testid="statement-disclaimer">{t.disclaimer(asOf.dateTime)}</p> : null}
      <Card label={t.referTitle} className={css({ mt: '5', _print: { display: 'none' } })}>
        <h2 className={styles.h2}>{t.referTitle}</h2>
        <p>{t.referText}</p>
        <a href={t.referUrl} target="_blank" rel="noopener noreferrer" className={button({ variant: 'secondary', size: 'sm' }) + ' ' + css({ mt: '3' })}>{t.referLink}</a>
      </Card>
      <DeliveryPreferences vendorId={vendorId} locationId={locationId} />
    </>
  );
}

/** "Account Statement" at .../statement (recurring §2.4, §2.5): ads, the statement, its documents, delivery preferences. */
export default function StatementPage() {
  return (
    <LocationPage>
      {({ vendorId, locationId, base, context }) => (
        <StatementBody key={`${vendorId}/${locationId}`} vendorId={vendorId} locationId={locationId} base={base} context={context} />
      )}
    </LocationPage>
  );
}
