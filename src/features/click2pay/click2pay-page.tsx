import { Accordion } from '@ark-ui/react/accordion';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { css } from '../../../styled-system/css';
import type { Invoice } from '../../../machines/click2pay/click2pay.actors';
import type { InvoiceAdjustment } from '../../../machines/invoice-selection/invoice-selection.machine';
import { formatCurrency } from '../../../core/rules/dollars';
import { adjustmentKind, canEditInvoice, payInvoiceNumber } from '../../../core/rules/invoices';
import { Button, button } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { Dialog } from '../../ui/dialog';
import { PageTitle } from '../../ui/page';
import { LoadingRegion, Skeleton } from '../../ui/reserved';
import { TermsCheckbox } from '../../ui/terms-checkbox';
import { LocationPage } from '../../app/location-page';
import { PaymentMethodPicker, type PickedPaymentMethod } from '../../ui/payment-methods/payment-method-picker';
import type { Vendor } from '../../app/session';
import { shortDate, vendorFlag } from '../../../core/rules/display';
import { PaymentCalendar } from '../../ui/payment-calendar';
import { click2payTexts as t } from './texts';
import { useClick2pay, type Click2payView } from './use-click2pay';
import { amountToCents } from '../../../core/rules/money';
import { paths } from '../../../core/rules/paths';
import { usePaymentMethodsLoading } from '../../ui/payment-methods/use-payment-methods';


const styles = {
  accordion: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
  item: css({ bg: 'white', borderWidth: '1px', borderColor: 'line', borderRadius: 'card', boxShadow: 'card' }),
  trigger: css({
    display: 'flex', width: '100%', justifyContent: 'space-between', alignItems: 'center', px: { base: '4', md: '5' }, minHeight: '52px',
    fontSize: 'lg', fontWeight: '700', bg: 'transparent', cursor: 'pointer', textAlign: 'left',
    _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' },
  }),
  content: css({ px: { base: '3', md: '5' }, pb: '4' }),
  linkButton: css({ bg: 'transparent', color: 'brand.700', textDecoration: 'underline', cursor: 'pointer', p: '0', minHeight: '32px', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  srOnly: css({ srOnly: true }),
  totals: css({ display: 'grid', gridTemplateColumns: 'auto auto', justifyContent: 'end', columnGap: '6', rowGap: '1', mt: '3', '& dt': { color: 'muted' }, '& dd': { textAlign: 'right', fontWeight: '600', m: 0 } }),
  footer: css({ display: 'flex', flexDirection: 'column', gap: '4', mt: '5' }),
  actions: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4' }),
  tag: css({ fontSize: 'xs', fontWeight: '700', color: '#7a4b00', bg: '#fff4d6', borderRadius: 'full', px: '2', py: '0.5', ml: '1' }),
};

type Modal =
  | { kind: 'change'; invoice: Invoice }
  | { kind: 'undo'; invoice: Invoice; partial: boolean }
  | { kind: 'chooser'; invoice: Invoice }
  | null;

/** One row of the pay table: the invoice with its dispute or partial payment (a new object only when either changes). */
interface PayRow {
  invoice: Invoice;
  adjustment: InvoiceAdjustment | undefined;
}

const payRowKey = (r: PayRow) => r.invoice.id;
const payRowLabel = (r: PayRow) => t.selectInvoice(r.invoice.displayInvNum);
const payRowAttributes = (r: PayRow) => ({ 'data-testid': 'invoice-row', 'data-invoice': r.invoice.displayInvNum });
const byDue = (a: PayRow, b: PayRow) => (a.invoice.dueDate ?? '9999-12-31').localeCompare(b.invoice.dueDate ?? '9999-12-31');
const byAmount = (a: PayRow, b: PayRow) => amountToCents(a.invoice.openAmount) - amountToCents(b.invoice.openAmount);

/** Rows for the table, reusing the previous row object of every invoice whose data and adjustment did not change. */
function usePayRows(invoices: Invoice[], adjustments: InvoiceAdjustment[]): PayRow[] {
  const cache = useRef(new WeakMap<Invoice, PayRow>());
  return useMemo(() => {
    const byInvoice = new Map(adjustments.map((a) => [a.invoiceId, a]));
    return invoices.map((invoice) => {
      const adjustment = byInvoice.get(invoice.id);
      const previous = cache.current.get(invoice);
      if (previous && previous.adjustment === adjustment) return previous;
      const row = { invoice, adjustment };
      cache.current.set(invoice, row);
      return row;
    });
  }, [invoices, adjustments]);
}

function InvoiceTable({ view, vendor, base }: { view: Click2payView; vendor: Vendor; base: string }) {
  const navigate = useNavigate();
  const [modal, setModal] = useState<Modal>(null);
  const showPo = vendorFlag(vendor.featureFlags, 'displayInvoicePoRefId');
  const showDate = vendorFlag(vendor.featureFlags, 'displayExternalInvoiceDate');
  const showShipTo = vendor.invoiceFilterColumns.includes('shipTo');
  const { rows, canViewMore } = view.table;
  const payRows = usePayRows(rows, view.adjustments);
  // Recurring §9 widths as shares of the flexible width: invoice, due date, amount and invoice date 19 each, ship-to the
  // rest (24); PO/Ref (not in §9's list) is as wide as its value. No column is narrower than its content (DataTable).
  const columns = useMemo<DataTableColumn<PayRow>[]>(() => [
    {
      id: 'invoice', phone: 'primary' as const, header: t.columns.invoice, width: '19fr',
      cell: ({ invoice, adjustment }) => {
        const kind = adjustment ? adjustmentKind(adjustment) : null;
        return (
          <>
            <button type="button" className={styles.linkButton} title={invoice.displayInvNum} onClick={() => setModal({ kind: 'chooser', invoice })}>
              {payInvoiceNumber(invoice.displayInvNum)}
            </button>
            {kind === 'dispute' ? <span className={styles.tag}>{t.disputed}</span> : null}
            {kind === 'partial' && adjustment ? <span className={styles.tag}>{t.partial(formatCurrency(adjustment.newAmountCents))}</span> : null}
          </>
        );
      },
    },
    { id: 'dueDate', phone: 'secondary' as const, header: t.columns.dueDate, width: '19fr', cell: ({ invoice }) => shortDate(invoice.dueDate), compare: byDue },
    { id: 'amount', phone: 'secondary' as const, header: t.columns.amount, align: 'end', width: '19fr', cell: ({ invoice }) => formatCurrency(amountToCents(invoice.openAmount)), compare: byAmount },
    ...(showPo ? [{ id: 'poRef', phone: 'detail' as const, header: t.columns.poRef, width: 'min-content', cell: ({ invoice }: PayRow) => invoice.poRefId ?? '' }] : []),
    ...(showDate ? [{ id: 'invoiceDate', phone: 'detail' as const, header: t.columns.invoiceDate, width: '19fr', cell: ({ invoice }: PayRow) => shortDate(invoice.externalInvoiceDate ?? invoice.invoiceDate) }] : []),
    ...(showShipTo ? [{ id: 'shipTo', phone: 'detail' as const, header: t.columns.shipTo, width: '24fr', wrap: true, cell: ({ invoice }: PayRow) => invoice.shipTo ?? '' }] : []),
    {
      id: 'edit', phone: 'action' as const, header: <span className={styles.srOnly}>{t.columns.edit}</span>, cardLabel: '', width: '3.5rem',
      cell: ({ invoice, adjustment }) =>
        canEditInvoice(invoice) ? (
          adjustment ? (
            <button type="button" className={button({ variant: 'ghost', size: 'sm' })} aria-label={t.undo(invoice.displayInvNum)} onClick={() => setModal({ kind: 'undo', invoice, partial: adjustmentKind(adjustment) === 'partial' })}>↺</button>
          ) : (
            <button type="button" className={button({ variant: 'ghost', size: 'sm' })} aria-label={t.edit(invoice.displayInvNum)} onClick={() => setModal({ kind: 'change', invoice })}>✎</button>
          )
        ) : null,
    },
  ], [showPo, showDate, showShipTo]);
  const selection = useMemo(
    () => ({ selected: view.selected, onToggle: view.toggle, onToggleAll: view.toggleAll, rowLabel: payRowLabel, allLabel: t.selectAll }),
    [view.selected, view.toggle, view.toggleAll],
  );
  if (rows.length === 0 && !canViewMore) return <p>{t.empty}</p>;
  return (
    <>
      {rows.length === 0 ? <p>{t.empty}</p> : (
        <DataTable label={t.amount} rows={payRows} rowKey={payRowKey} columns={columns} selection={selection} rowAttributes={payRowAttributes} />
      )}
      {canViewMore ? <button type="button" className={button({ variant: 'ghost', size: 'sm' })} onClick={view.showAll}>{t.viewMore}</button> : null}
      <Dialog
        open={modal?.kind === 'change'}
        onClose={() => setModal(null)}
        title={t.changeModal.title}
        actions={
          <>
            <Button variant="secondary" onClick={() => modal && navigate(paths.dispute(base, modal.invoice.id))}>{t.changeModal.dispute}</Button>
            <Button onClick={() => modal && navigate(paths.partialPayment(base, modal.invoice.id))}>{t.changeModal.partial}</Button>
          </>
        }
      />
      <Dialog
        open={modal?.kind === 'undo'}
        onClose={() => setModal(null)}
        role="alertdialog"
        title={modal?.kind === 'undo' && modal.partial ? t.undoPartial.title : t.undoDispute.title}
        actions={
          <>
            <Button variant="secondary" onClick={() => setModal(null)}>{t.undoDispute.keep}</Button>
            <Button onClick={() => { if (modal) view.undo(modal.invoice.id); setModal(null); }}>{t.undoDispute.undo}</Button>
          </>
        }
      />
      <Dialog
        open={modal?.kind === 'chooser'}
        onClose={() => setModal(null)}
        title={modal ? t.chooser.title(modal.invoice.displayInvNum) : ''}
        actions={
          modal ? (
            <>
              <a className={button({ variant: 'secondary' })} href={paths.invoicePdf(base, modal.invoice.id)} target="_blank" rel="noopener noreferrer" onClick={() => setModal(null)}>{t.chooser.copy}</a>
              <Link className={button()} to={paths.invoice(base, modal.invoice.id)}>{t.chooser.history}</Link>
            </>
          ) : null
        }
      />
    </>
  );
}

/** The page while it loads: the three sections at about their final size (no spinner swapped for a long form). */
function Click2paySkeleton() {
  const section = (title: string, body: number) => (
    <div className={styles.item}>
      <div className={styles.trigger} aria-hidden="true">{title}</div>
      <div className={styles.content}><Skeleton height={body} /></div>
    </div>
  );
  return (
    <LoadingRegion label={t.loading} className={styles.accordion}>
      {section(t.paymentMethod, 132)}
      {section(t.date, 320)}
      {section(t.amount, 4 * 48)}
    </LoadingRegion>
  );
}

function Section({ value, title, children }: { value: string; title: string; children: ReactNode }) {
  return (
    <Accordion.Item value={value} className={styles.item}>
      <Accordion.ItemTrigger className={styles.trigger}>
        {title}
        <Accordion.ItemIndicator aria-hidden="true">▾</Accordion.ItemIndicator>
      </Accordion.ItemTrigger>
      <Accordion.ItemContent className={styles.content}>{children}</Accordion.ItemContent>
    </Accordion.Item>
  );
}

export interface Click2payContentProps {
  vendorId: string;
  locationId: string;
  vendor: Vendor;
  base: string;
  now?: () => import('temporal-polyfill').Temporal.Instant;
  createKey?: () => string;
}

/** The click-to-pay form once vendor and location are known (spec §2 Click-to-pay). */
export function Click2payContent({ vendorId, locationId, vendor, base, now, createKey }: Click2payContentProps) {
  const view = useClick2pay({ vendorId, locationId, vendor, base, now, createKey });
  const onSelect = useCallback((m: PickedPaymentMethod) => view.chooseMethod(m), [view.chooseMethod]); // eslint-disable-line react-hooks/exhaustive-deps
  const vendorName = vendor.displayName || vendor.name;
  const methodsLoading = usePaymentMethodsLoading(vendorId, locationId);
  if (view.status === 'loading' || (methodsLoading && view.status !== 'failed')) return <Click2paySkeleton />;
  if (view.status === 'failed') {
    return (
      <div role="alert" className={css({ display: 'flex', flexDirection: 'column', gap: '3', alignItems: 'flex-start' })}>
        <p>{t.loadFailed}</p>
        <Button variant="secondary" onClick={view.retry}>{t.retry}</Button>
      </div>
    );
  }
  const { summary } = view;
  return (
    <>
      <Accordion.Root multiple defaultValue={['method', 'date', 'amount']} className={styles.accordion}>
        <Section value="method" title={t.paymentMethod}>
          <PaymentMethodPicker vendorId={vendorId} locationId={locationId} selectedId={view.method?.id ?? null} onSelect={onSelect} />
        </Section>
        <Section value="date" title={t.date}>
          <PaymentCalendar key={view.method?.provider ?? ''} validDates={view.validDates} value={view.paymentDate} today={view.today} onChange={view.chooseDate} />
        </Section>
        <Section value="amount" title={t.amount}>
          <InvoiceTable view={view} vendor={vendor} base={base} />
          {summary.showFee ? (
            <dl className={styles.totals} aria-label={t.total}>
              <dt>{t.subtotal}</dt><dd data-testid="subtotal">{formatCurrency(summary.subtotalCents)}</dd>
              <dt>{t.fee}</dt><dd data-testid="fee">{formatCurrency(summary.feeCents)}</dd>
              <dt>{t.total}</dt><dd data-testid="total">{formatCurrency(summary.totalCents)}</dd>
            </dl>
          ) : (
            <dl className={styles.totals} aria-label={t.total}>
              <dt>{t.total}</dt><dd data-testid="total">{formatCurrency(summary.totalCents)}</dd>
            </dl>
          )}
        </Section>
      </Accordion.Root>
      <div className={styles.footer}>
        <TermsCheckbox terms={view.terms} accepted={view.termsAccepted} onChange={view.setTerms} />
        <div className={styles.actions}>
          <Button onClick={view.pay} disabled={!summary.valid} loading={view.isSubmitting}>{t.confirm}</Button>
          <Link to={base} className={button({ variant: 'ghost' })}>{t.cancel}</Link>
        </div>
      </div>
      <Dialog
        open={view.isFailed}
        onClose={view.dismiss}
        role="alertdialog"
        title={t.failure.title}
        actions={
          <>
            <Button variant="secondary" onClick={view.dismiss}>{t.failure.close}</Button>
            <Button onClick={view.retryPayment}>{t.failure.retry}</Button>
          </>
        }
      >
        <p>{t.failure.body}</p>
        <p>{t.failure.contact(vendorName)}</p>
      </Dialog>
    </>
  );
}

/** Click-to-pay at location base + /click2pay. */
export default function Click2payPage() {
  return (
    <LocationPage>
      {({ vendorId, locationId, base, context }) => (
        <>
          <PageTitle>
            {t.title}{' '}
            {context.location ? <span className={css({ color: 'brand.700' })}>{context.location.displayName}</span> : null}
          </PageTitle>
          {context.vendor && context.status === 'loaded' ? (
            <Click2payContent key={`${vendorId}/${locationId}`} vendorId={vendorId} locationId={locationId} vendor={context.vendor} base={base} />
          ) : (
            <Click2paySkeleton />
          )}
        </>
      )}
    </LocationPage>
  );
}

