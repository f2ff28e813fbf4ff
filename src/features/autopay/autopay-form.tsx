/** The sections of the AutoPay setup and manage pages (§2.1, §2.2). */
import { useCallback, useMemo, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { css } from '../../../styled-system/css';
import type { Invoice } from '../../../machines/autopay/autopay.actors';
import { formatCurrency } from '../../../core/rules/dollars';
import { Button } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { Dialog } from '../../ui/dialog';
import { PageTitle } from '../../ui/page';
import { LoadingRegion, Skeleton } from '../../ui/reserved';
import { shortDate } from '../../../core/rules/display';
import { PaymentCalendar } from '../../ui/payment-calendar';
import { LocationPage } from '../../app/location-page';
import type { LocationContextView } from '../../app/use-location-context';
import { PaymentMethodPicker, type PickedPaymentMethod } from '../../ui/payment-methods/payment-method-picker';
import type { Vendor } from '../../app/session';
import { Alert, Section, layout } from '../../ui/form-parts';
import { autopayTexts as t } from './texts';
import type { AutopayPageView } from './use-autopay';
import { amountToCents } from '../../../core/rules/money';

const invoiceKey = (i: Invoice) => i.id;
const invoiceLabel = (i: Invoice) => t.excludeInvoice(i.displayInvNum);
const invoiceAttributes = () => ({ 'data-testid': 'exclusion-row' }) as const;
const columns: DataTableColumn<Invoice>[] = [
  { id: 'invoice', header: t.columns.invoice, cell: (i) => i.displayInvNum },
  { id: 'dueDate', header: t.columns.dueDate, cell: (i) => shortDate(i.dueDate) },
  { id: 'amount', header: t.columns.amount, align: 'end', cell: (i) => formatCurrency(amountToCents(i.openAmount)) },
];

/** Skeleton of the form at about its final size. */
export function AutopaySkeleton() {
  return (
    <LoadingRegion label={t.loading} className={layout.stack}>
      <Skeleton height={180} />
      <Skeleton height={120} />
      <Skeleton height={220} />
    </LoadingRegion>
  );
}

export function LoadFailed({ onRetry }: { onRetry(): void }) {
  return (
    <div className={layout.stack}>
      <Alert>{t.loadFailed}</Alert>
      <div><Button variant="secondary" onClick={onRetry}>{t.retry}</Button></div>
    </div>
  );
}

export function MethodSection({ view, vendorId, locationId, selectedId, currentId }: { view: AutopayPageView; vendorId: string; locationId: string; selectedId: string | null; currentId?: string | null }) {
  const { chooseMethod } = view;
  const onSelect = useCallback((m: PickedPaymentMethod) => chooseMethod(m), [chooseMethod]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Section id="autopay-method" title={t.paymentMethod}>
      <PaymentMethodPicker vendorId={vendorId} locationId={locationId} selectedId={selectedId} currentId={currentId} onSelect={onSelect} />
    </Section>
  );
}

/** Start Date: a calendar of the window's days when editable, else the date as text. */
export function StartDateSection({ view, editable }: { view: AutopayPageView; editable: boolean }) {
  return (
    <Section id="autopay-start" title={t.startDate}>
      {editable ? (
        <>
          <p className={css({ color: 'muted', mb: '3' })}>{t.startDateHelp}</p>
          <PaymentCalendar validDates={view.startDates} value={view.context.startDate} today={view.today} onChange={view.chooseDate} />
        </>
      ) : (
        <p data-testid="start-date">{shortDate(view.context.startDate)}</p>
      )}
    </Section>
  );
}

/** Excluded Invoices (§2.1): "(Optional)" only when editable; the two empty texts. */
export function ExclusionsSection({ view, editable }: { view: AutopayPageView; editable: boolean }) {
  const { invoices, excludedSet, toggleExclusion } = view;
  const excludable = useMemo(() => invoices.filter((i) => i.openAmount > 0), [invoices]);
  const toggleAll = useCallback(() => {
    const all = excludable.every((i) => excludedSet.has(i.id));
    for (const i of excludable) if (all || !excludedSet.has(i.id)) toggleExclusion(i.id);
  }, [excludable, excludedSet, toggleExclusion]);
  const selection = useMemo(
    () => ({ selected: excludedSet, onToggle: toggleExclusion, onToggleAll: toggleAll, rowLabel: invoiceLabel, allLabel: 'Exclude all invoices' }),
    [excludedSet, toggleExclusion, toggleAll],
  );
  let body: ReactNode;
  if (excludable.length === 0 && excludedSet.size === 0) body = <p>{t.noExcludable}</p>;
  else if (editable) body = <DataTable label={t.excluded} rows={excludable} rowKey={invoiceKey} columns={columns} selection={selection} rowAttributes={invoiceAttributes} />;
  else {
    const excluded = invoices.filter((i) => excludedSet.has(i.id));
    body = excluded.length === 0 ? <p>{t.noneExcluded}</p> : <DataTable label={t.excluded} rows={excluded} rowKey={invoiceKey} columns={columns} rowAttributes={invoiceAttributes} />;
  }
  return <Section id="autopay-exclusions" title={t.excluded} extra={editable ? t.optional : undefined}>{body}</Section>;
}

/** The page frame: "AutoPay for {location}" and the content once the vendor is known. */
export function AutopayFrame({ children }: { children: (props: { vendorId: string; locationId: string; vendor: Vendor; base: string; context: LocationContextView }) => ReactNode }) {
  return (
    <LocationPage>
      {({ vendorId, locationId, base, context }) => (
        <>
          <PageTitle>
            {t.title} {context.location ? <span className={layout.accent}>{context.location.displayName}</span> : null}
          </PageTitle>
          {context.vendor && context.status === 'loaded' ? children({ vendorId, locationId, vendor: context.vendor, base, context }) : <AutopaySkeleton />}
        </>
      )}
    </LocationPage>
  );
}

export { Navigate };

/**
 * The service-fee confirmation (spec §9) before AutoPay is set up or updated with a method that carries a fee: the
 * same modal for both, titled and confirmed with the step's own words.
 */
export function FeeDialog({ view, open, title, confirmText, onCancel, onConfirm }: { view: AutopayPageView; open: boolean; title: string; confirmText: string; onCancel(): void; onConfirm(): void }) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      role="alertdialog"
      title={title}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>{t.feeModal.cancel}</Button>
          <Button onClick={onConfirm}>{confirmText}</Button>
        </>
      }
    >
      <p>{t.feeModal.body(view.feePercent ?? '')}</p>
    </Dialog>
  );
}
