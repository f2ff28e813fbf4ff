import { Accordion } from '@ark-ui/react/accordion';
import { Checkbox } from '@ark-ui/react/checkbox';
import { useCallback, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { css } from '../../../styled-system/css';
import type { Invoice } from '../../../machines/click2pay/click2pay.actors';
import { formatCurrency } from '../../domain/dollars';
import { adjustmentKind, canEditInvoice, payInvoiceNumber } from '../../domain/invoices';
import { Button, button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Page, PageTitle } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { LocationFrame } from '../dashboard/location-frame';
import { PaymentMethodPicker, type PickedPaymentMethod } from '../payment-methods/payment-method-picker';
import { useSession, type Vendor } from '../shell/session';
import { epaUrl, shortDate, vendorFlag } from './format';
import { PaymentCalendar } from './payment-calendar';
import { click2payTexts as t } from './texts';
import { useClick2pay, type Click2payView } from './use-click2pay';

const toCents = (amount: number) => Math.round(amount * 100);

const styles = {
  accordion: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
  item: css({ bg: 'white', borderWidth: '1px', borderColor: 'line', borderRadius: 'card', boxShadow: 'card' }),
  trigger: css({
    display: 'flex', width: '100%', justifyContent: 'space-between', alignItems: 'center', px: { base: '4', md: '5' }, minHeight: '52px',
    fontSize: 'lg', fontWeight: '700', bg: 'transparent', cursor: 'pointer', textAlign: 'left',
    _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' },
  }),
  content: css({ px: { base: '3', md: '5' }, pb: '4' }),
  // relative: the visually hidden inputs and labels (position absolute) must scroll with the table, not widen the page.
  tableWrap: css({ overflowX: 'auto', width: '100%', position: 'relative' }),
  table: css({ width: '100%', borderCollapse: 'collapse', fontSize: 'sm', '& th, & td': { px: '2', py: '2', textAlign: 'left', borderBottomWidth: '1px', borderColor: 'line', whiteSpace: 'nowrap' }, '& th': { color: 'muted', fontWeight: '700' } }),
  numeric: css({ textAlign: 'right !important' }),
  linkButton: css({ bg: 'transparent', color: 'brand.700', textDecoration: 'underline', cursor: 'pointer', p: '0', minHeight: '32px', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  box: css({
    display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: '20px', height: '20px', borderWidth: '2px', borderColor: '#6b7483', borderRadius: '4px', bg: 'white',
    _checked: { bg: 'brand.600', borderColor: 'brand.600', color: 'white' }, _indeterminate: { bg: 'brand.600', borderColor: 'brand.600', color: 'white' },
    '[data-focus-visible] > &': { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '2px' },
  }),
  checkbox: css({ display: 'inline-flex', alignItems: 'center', gap: '2', cursor: 'pointer', minHeight: '32px' }),
  srOnly: css({ srOnly: true }),
  totals: css({ display: 'grid', gridTemplateColumns: 'auto auto', justifyContent: 'end', columnGap: '6', rowGap: '1', mt: '3', '& dt': { color: 'muted' }, '& dd': { textAlign: 'right', fontWeight: '600', m: 0 } }),
  footer: css({ display: 'flex', flexDirection: 'column', gap: '4', mt: '5' }),
  actions: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4' }),
  tag: css({ fontSize: 'xs', fontWeight: '700', color: '#7a4b00', bg: '#fff4d6', borderRadius: 'full', px: '2', py: '0.5', ml: '1' }),
};

function Box({ checked, onChange, label, labelHidden = true }: { checked: boolean | 'indeterminate'; onChange(): void; label: string; labelHidden?: boolean }) {
  return (
    <Checkbox.Root className={styles.checkbox} checked={checked} onCheckedChange={onChange}>
      <Checkbox.Control className={styles.box}>
        <Checkbox.Indicator>✓</Checkbox.Indicator>
        <Checkbox.Indicator indeterminate>−</Checkbox.Indicator>
      </Checkbox.Control>
      <Checkbox.Label className={labelHidden ? styles.srOnly : undefined}>{label}</Checkbox.Label>
      <Checkbox.HiddenInput />
    </Checkbox.Root>
  );
}

type Modal =
  | { kind: 'change'; invoice: Invoice }
  | { kind: 'undo'; invoice: Invoice; partial: boolean }
  | { kind: 'chooser'; invoice: Invoice }
  | null;

function InvoiceTable({ view, vendor, base }: { view: Click2payView; vendor: Vendor; base: string }) {
  const navigate = useNavigate();
  const [modal, setModal] = useState<Modal>(null);
  const showPo = vendorFlag(vendor.featureFlags, 'displayInvoicePoRefId');
  const showDate = vendorFlag(vendor.featureFlags, 'displayExternalInvoiceDate');
  const showShipTo = vendor.invoiceFilterColumns.includes('shipTo');
  const { rows, selectAll, canViewMore } = view.table;
  if (rows.length === 0 && !canViewMore) return <p>{t.empty}</p>;
  const adjustmentOf = (id: string) => view.adjustments.find((a) => a.invoiceId === id);
  return (
    <>
      {rows.length === 0 ? <p>{t.empty}</p> : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col"><Box checked={selectAll === 'all' ? true : selectAll === 'some' ? 'indeterminate' : false} onChange={view.toggleAll} label={t.selectAll} /></th>
                <th scope="col">{t.columns.invoice}</th>
                <th scope="col">{t.columns.dueDate}</th>
                <th scope="col" className={styles.numeric}>{t.columns.amount}</th>
                {showPo ? <th scope="col">{t.columns.poRef}</th> : null}
                {showDate ? <th scope="col">{t.columns.invoiceDate}</th> : null}
                {showShipTo ? <th scope="col">{t.columns.shipTo}</th> : null}
                <th scope="col"><span className={styles.srOnly}>{t.columns.edit}</span></th>
              </tr>
            </thead>
            <tbody>
              {rows.map((invoice) => {
                const adjustment = adjustmentOf(invoice.id);
                const kind = adjustment ? adjustmentKind(adjustment) : null;
                return (
                  <tr key={invoice.id} data-testid="invoice-row" data-invoice={invoice.displayInvNum}>
                    <td><Box checked={view.selectedIds.includes(invoice.id)} onChange={() => view.toggle(invoice.id)} label={t.selectInvoice(invoice.displayInvNum)} /></td>
                    <td>
                      <button type="button" className={styles.linkButton} title={invoice.displayInvNum} onClick={() => setModal({ kind: 'chooser', invoice })}>
                        {payInvoiceNumber(invoice.displayInvNum)}
                      </button>
                      {kind === 'dispute' ? <span className={styles.tag}>{t.disputed}</span> : null}
                      {kind === 'partial' && adjustment ? <span className={styles.tag}>{t.partial(formatCurrency(adjustment.newAmountCents))}</span> : null}
                    </td>
                    <td>{shortDate(invoice.dueDate)}</td>
                    <td className={styles.numeric}>{formatCurrency(toCents(invoice.openAmount))}</td>
                    {showPo ? <td>{invoice.poRefId ?? ''}</td> : null}
                    {showDate ? <td>{shortDate(invoice.externalInvoiceDate ?? invoice.invoiceDate)}</td> : null}
                    {showShipTo ? <td>{invoice.shipTo ?? ''}</td> : null}
                    <td>
                      {canEditInvoice(invoice) ? (
                        adjustment ? (
                          <button type="button" className={button({ variant: 'ghost', size: 'sm' })} aria-label={t.undo(invoice.displayInvNum)} onClick={() => setModal({ kind: 'undo', invoice, partial: kind === 'partial' })}>↺</button>
                        ) : (
                          <button type="button" className={button({ variant: 'ghost', size: 'sm' })} aria-label={t.edit(invoice.displayInvNum)} onClick={() => setModal({ kind: 'change', invoice })}>✎</button>
                        )
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {canViewMore ? <button type="button" className={button({ variant: 'ghost', size: 'sm' })} onClick={view.showAll}>{t.viewMore}</button> : null}
      <Dialog
        open={modal?.kind === 'change'}
        onClose={() => setModal(null)}
        title={t.changeModal.title}
        actions={
          <>
            <Button variant="secondary" onClick={() => modal && navigate(`${base}/click2pay/${modal.invoice.id}/dispute`)}>{t.changeModal.dispute}</Button>
            <Button onClick={() => modal && navigate(`${base}/click2pay/${modal.invoice.id}/partial`)}>{t.changeModal.partial}</Button>
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
              <a className={button({ variant: 'secondary' })} href={`${base}/invoices/${modal.invoice.id}/pdfloader`} target="_blank" rel="noopener noreferrer" onClick={() => setModal(null)}>{t.chooser.copy}</a>
              <Link className={button()} to={`${base}/invoices/${modal.invoice.id}`}>{t.chooser.history}</Link>
            </>
          ) : null
        }
      />
    </>
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
  if (view.status === 'loading') return <Spinner label={t.loading} />;
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
        <div className={css({ display: 'flex', alignItems: 'center', gap: '1', flexWrap: 'wrap' })}>
          <Box key={view.terms?.version ?? 'none'} checked={view.termsAccepted} onChange={() => view.setTerms(!view.termsAccepted)} label={t.terms} labelHidden={false} />
          {view.terms ? <a href={epaUrl(view.terms)} target="_blank" rel="noopener noreferrer" className={css({ color: 'brand.700', textDecoration: 'underline' })}>{t.termsLink}</a> : <span>{t.termsLink}</span>}
        </div>
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
  const session = useSession();
  const { vendorId = '', locationId = '' } = useParams();
  const base = `/token/${session.token}/vendors/${vendorId}/locations/${locationId}`;
  return (
    <LocationFrame vendorId={vendorId} locationId={locationId}>
      {(context) => (
        <Page>
          <PageTitle>
            {t.title}{' '}
            {context.location ? <span className={css({ color: 'brand.700' })}>{context.location.displayName}</span> : null}
          </PageTitle>
          {context.vendor && context.status === 'loaded' ? (
            <Click2payContent key={`${vendorId}/${locationId}`} vendorId={vendorId} locationId={locationId} vendor={context.vendor} base={base} />
          ) : (
            <Spinner label={t.loading} />
          )}
        </Page>
      )}
    </LocationFrame>
  );
}

