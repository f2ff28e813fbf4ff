import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Temporal } from 'temporal-polyfill';
import { css } from '../../../styled-system/css';
import { formatCurrency } from '../../../core/rules/dollars';
import {
  accountOf, amountDiffers, displayAmount, REMIT_FORM_COMMENT_MAX, REMIT_ROW_COMMENT_MAX, type RemitRow,
} from '../../../core/rules/remit';
import { Button } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { Card, PageTitle } from '../../ui/page';
import { PrintStyles, usePrinting } from '../../ui/report-actions';
import { shortDate } from '../../../core/rules/display';
import { LocationPage } from '../../app/location-page';
import type { LocationContextView } from '../../app/use-location-context';
import { VendorLogo } from '../../ui/brand';
import { remitTexts as t } from './texts';
import { useRemit } from './use-remit';

type RemitView = ReturnType<typeof useRemit>;

const styles = {
  bar: css({ bg: 'white', borderBottomWidth: '1px', borderColor: 'line', px: { base: '4', md: '6' }, _print: { display: 'none' } }),
  back: css({ display: 'inline-flex', alignItems: 'center', gap: '2', color: 'brand.700', fontWeight: '600', minHeight: '44px', textDecoration: 'none', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  input: css({
    width: '100%', minHeight: '36px', px: '2', borderWidth: '1px', borderColor: 'line', borderRadius: 'control', bg: 'white', fontSize: 'sm', textAlign: 'right',
    _focusVisible: { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '1px' },
  }),
  textInput: css({ width: '100%', minHeight: '36px', px: '2', borderWidth: '1px', borderColor: 'line', borderRadius: 'control', bg: 'white', fontSize: 'sm', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '1px' } }),
  actions: css({ display: 'flex', gap: '2', flexWrap: 'wrap', mb: '4' }),
  totals: css({ display: 'grid', gridTemplateColumns: 'auto auto', justifyContent: 'end', columnGap: '6', rowGap: '1', mt: '4', fontSize: 'md', '& dd': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }),
  comments: css({ mt: '5', hideBelow: 'sm' }),
  textarea: css({ width: '100%', minHeight: '96px', p: '2', borderWidth: '1px', borderColor: 'line', borderRadius: 'control', bg: 'white', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  empty: css({ color: 'muted', mb: '3' }),
  alert: css({ color: 'danger', fontWeight: '600', mt: '2' }),
  count: css({ fontSize: 'xs', color: 'muted' }),
  screen: css({ _print: { display: 'none' } }),
  print: css({ display: 'none', _print: { display: 'block' }, color: 'black', fontSize: '11pt' }),
};

/** An amount field: the bare number while focused (focus selects the row), currency otherwise (§2.7). */
function AmountInput({ row, label, onFocus, onChange }: { row: RemitRow; label: string; onFocus(): void; onChange(text: string): void }) {
  const [focused, setFocused] = useState(false);
  const shown = focused ? row.paymentAmount : displayAmount(row.paymentAmount);
  return (
    <input
      className={styles.input} inputMode="decimal" aria-label={label} value={shown} data-testid="remit-amount"
      onFocus={() => { setFocused(true); onFocus(); }}
      onBlur={() => setFocused(false)}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function CommentInput({ value, label, onChange }: { value: string; label: string; onChange(text: string): void }) {
  return (
    <label className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
      <span className={css({ fontSize: 'sm', color: 'muted', whiteSpace: 'nowrap' })}>{t.rowComment}</span>
      <input className={styles.textInput} aria-label={label} value={value} maxLength={REMIT_ROW_COMMENT_MAX} onChange={(e) => onChange(e.target.value)} data-testid="remit-comment" />
    </label>
  );
}

function RemitTable({ view }: { view: RemitView }) {
  const { form } = view;
  const columns = useMemo<DataTableColumn<RemitRow>[]>(() => [
    { id: 'invoice', phone: 'primary', header: t.columns.invoice, cell: (r) => r.invoice!.displayInvNum },
    { id: 'invoiceDate', phone: 'detail', header: t.columns.invoiceDate, cell: (r) => shortDate(r.invoice!.invoiceDate) },
    { id: 'dueDate', phone: 'secondary', header: t.columns.dueDate, cell: (r) => shortDate(r.invoice!.dueDate) },
    { id: 'open', phone: 'secondary', header: t.columns.openAmount, align: 'end', cell: (r) => formatCurrency(r.invoice!.openAmountCents) },
    {
      id: 'amount', phone: 'secondary', header: t.columns.amountPaid, align: 'end', minWidth: '8rem',
      cell: (r) => (
        <AmountInput
          row={r} label={t.amountLabel(r.invoice!.displayInvNum)}
          onFocus={() => form.send({ type: 'remit.focusAmount', rowId: r.rowId })}
          onChange={(text) => form.send({ type: 'remit.amount', rowId: r.rowId, text })}
        />
      ),
    },
  ], [form]);
  const detail = useCallback((r: RemitRow) => (amountDiffers(r) ? (
    <CommentInput value={r.comment} label={t.commentLabel(r.invoice!.displayInvNum)} onChange={(text) => form.send({ type: 'remit.comment', rowId: r.rowId, text })} />
  ) : null), [form]);
  const selected = useMemo(() => new Set(view.rows.filter((r) => r.selected).map((r) => r.rowId)), [view.rows]);
  const selection = useMemo(() => ({
    selected,
    onToggle: (rowId: string) => form.send({ type: 'remit.toggle', rowId }),
    onToggleAll: () => form.send({ type: 'remit.toggleAll' }),
    rowLabel: (r: RemitRow) => t.selectRow(r.invoice!.displayInvNum),
    allLabel: t.selectAll,
  }), [selected, form]);
  return (
    <DataTable
      label={t.tableLabel} rows={view.rows} rowKey={rowKey} columns={columns} selection={selection} rowHeight={52}
      rowDetail={detail} rowAttributes={rowAttributes}
    />
  );
}

const rowKey = (r: RemitRow) => r.rowId;
const rowAttributes = () => ({ 'data-testid': 'remit-row' }) as const;

/** The 5 numbered blank rows (no open invoices): description and amount. */
function BlankRows({ view }: { view: RemitView }) {
  const { form } = view;
  const columns = useMemo<DataTableColumn<RemitRow>[]>(() => [
    { id: 'n', header: '#', width: '3rem', cell: (r) => `${r.rowId.replace('blank-', '')}.` },
    {
      id: 'description', header: t.columns.description,
      cell: (r) => <input className={styles.textInput} aria-label={t.blankDescriptionLabel(Number(r.rowId.replace('blank-', '')))} value={r.description} maxLength={REMIT_ROW_COMMENT_MAX} onChange={(e) => form.send({ type: 'remit.description', rowId: r.rowId, text: e.target.value })} />,
    },
    {
      id: 'amount', phone: 'secondary', header: t.columns.amount, align: 'end', minWidth: '8rem', width: '12rem',
      cell: (r) => <AmountInput row={r} label={t.blankAmountLabel(Number(r.rowId.replace('blank-', '')))} onFocus={() => {}} onChange={(text) => form.send({ type: 'remit.amount', rowId: r.rowId, text })} />,
    },
  ], [form]);
  return <DataTable label={t.tableLabel} rows={view.rows} rowKey={rowKey} columns={columns} rowHeight={52} rowAttributes={blankAttributes} />;
}
const blankAttributes = () => ({ 'data-testid': 'remit-blank-row' }) as const;

function Totals({ totals }: { totals: RemitView['totals'] }) {
  return (
    <dl className={styles.totals} data-testid="remit-totals">
      <dt>{t.subtotal}</dt><dd data-testid="remit-subtotal">{formatCurrency(totals.subtotalCents)}</dd>
      <dt>{t.credits}</dt><dd data-testid="remit-credits">{formatCurrency(totals.creditsCents)}</dd>
      <dt className={css({ fontWeight: '700' })}>{t.total}</dt><dd className={css({ fontWeight: '700' })} data-testid="remit-total">{formatCurrency(totals.totalCents)}</dd>
    </dl>
  );
}

function addressLines(address: { addressLine1: string; addressLine2: string; city: string; state: string; postalCode: string } | null | undefined): string[] {
  if (!address) return [];
  return [address.addressLine1, address.addressLine2, `${address.city}, ${address.state} ${address.postalCode}`].filter((l) => l && l.trim() && l.trim() !== ',');
}

/** The print view (§2.7): "Remit Form", Printed on, remit address, location and account, Fold Here, the rows. */
function PrintSlip({ view, context }: { view: RemitView; context: LocationContextView }) {
  const printing = usePrinting();
  const today = useMemo(() => Temporal.Now.plainDateISO().toString(), [printing]); // eslint-disable-line react-hooks/exhaustive-deps
  const vendor = context.vendor;
  const cell = css({ borderBottom: '1px solid #bbb', py: '1', px: '1', textAlign: 'left' });
  const num = css({ borderBottom: '1px solid #bbb', py: '1', px: '1', textAlign: 'right' });
  return (
    <section className={styles.print} data-testid="remit-print" aria-label={t.printTitle}>
      <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: '3' })}>
        {vendor ? <VendorLogo vendor={vendor} size={40} /> : <span />}
        <span>{t.printedOn} {shortDate(today)}</span>
      </div>
      <div className={css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '4', mb: '3' })}>
        <div data-testid="remit-print-remit-to">
          <strong>{t.remitTo}</strong>
          <div>{vendor?.displayName ?? vendor?.name}</div>
          {addressLines(vendor?.address).map((l) => <div key={l}>{l}</div>)}
        </div>
        <div data-testid="remit-print-location">
          <strong>{t.location}</strong>
          <div>{context.location?.displayName}</div>
          {addressLines(context.location?.address).map((l) => <div key={l}>{l}</div>)}
          <strong>{t.account}</strong>
          <div>{context.location ? accountOf(context.location.id) : ''}</div>
        </div>
      </div>
      <div data-testid="remit-fold" className={css({ borderTop: '2px dashed #666', textAlign: 'center', fontSize: '9pt', color: '#444', pt: '1', mb: '3' })}>{t.foldHere}</div>
      {view.hasInvoices ? (
        <table className={css({ width: '100%', borderCollapse: 'collapse' })}>
          <thead>
            <tr>
              <th className={cell}>{t.columns.invoice}</th><th className={cell}>{t.columns.invoiceDate}</th><th className={cell}>{t.columns.dueDate}</th>
              <th className={num}>{t.columns.openAmount}</th><th className={num}>{t.columns.amountPaid}</th>
            </tr>
          </thead>
          <tbody>
            {view.printed.map((r) => (
              <tr key={r.rowId} data-testid="remit-print-row">
                <td className={cell}>{r.invoice!.displayInvNum}{r.comment ? <div className={css({ fontStyle: 'italic', fontSize: '9pt' })}>{t.rowComment}: {r.comment}</div> : null}</td>
                <td className={cell}>{shortDate(r.invoice!.invoiceDate)}</td>
                <td className={cell}>{shortDate(r.invoice!.dueDate)}</td>
                <td className={num}>{formatCurrency(r.invoice!.openAmountCents)}</td>
                <td className={num}>{r.selected ? displayAmount(r.paymentAmount) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <>
          <p>{t.emptyPrinted}</p>
          <ol className={css({ pl: '6' })}>
            {view.rows.map((r) => (
              <li key={r.rowId} data-testid="remit-print-row" className={css({ borderBottom: '1px solid #bbb', py: '2', display: 'flex', justifyContent: 'space-between' })}>
                <span>{r.description}</span><span>{r.paymentAmount ? displayAmount(r.paymentAmount) : ''}</span>
              </li>
            ))}
          </ol>
        </>
      )}
      <Totals totals={view.totals} />
      {view.comments ? <p className={css({ mt: '3' })}><strong>{t.comments}:</strong> {view.comments}</p> : null}
    </section>
  );
}

function RemitForm({ vendorId, locationId, context }: { vendorId: string; locationId: string; context: LocationContextView }) {
  const view = useRemit(vendorId, locationId);
  return (
    <>
      <PrintStyles title={t.printTitle} />
      <div className={styles.screen} data-print-hide="">
        <PageTitle>
          {t.pageTitle} {context.location ? <span className={css({ color: 'brand.700' })}>{context.location.displayName}</span> : null}
        </PageTitle>
        {view.status === 'loading' ? <p role="status" className={styles.empty}>{t.loading}</p> : null}
        {view.status === 'failed' ? (
          <div role="alert">
            <p className={styles.alert}>{t.loadFailed}</p>
            <Button variant="secondary" size="sm" onClick={() => view.form.send({ type: 'remit.retry' })}>{t.retry}</Button>
          </div>
        ) : null}
        {view.status === 'loaded' ? (
          <Card>
            <div className={styles.actions}>
              <Button variant="secondary" size="sm" onClick={view.print}>{t.print}</Button>
              <Button variant="secondary" size="sm" onClick={view.downloadPdf} disabled={view.downloading}>{t.downloadPdf}</Button>
            </div>
            {view.downloadFailed ? <p role="alert" className={styles.alert}>{t.downloadFailed}</p> : null}
            {view.hasInvoices ? <RemitTable view={view} /> : (
              <>
                <p className={styles.empty}>{t.empty}</p>
                <BlankRows view={view} />
              </>
            )}
            <Totals totals={view.totals} />
            <div className={styles.comments}>
              <label htmlFor="remit-comments" className={css({ fontWeight: '600', display: 'block', mb: '1' })}>{t.comments}</label>
              <textarea
                id="remit-comments" className={styles.textarea} value={view.comments} maxLength={REMIT_FORM_COMMENT_MAX}
                onChange={(e) => view.form.send({ type: 'remit.comments', text: e.target.value })}
                aria-describedby="remit-comments-count"
              />
              <span id="remit-comments-count" className={styles.count}>{t.commentCount(view.comments.length, REMIT_FORM_COMMENT_MAX)}</span>
            </div>
          </Card>
        ) : null}
      </div>
      {view.status === 'loaded' ? <PrintSlip view={view} context={context} /> : null}
    </>
  );
}

/** The remit form at .../remit (portal-recurring.md §2.7): back bar, rows, totals, comments, print and PDF. */
export default function RemitPage() {
  return (
    <LocationPage
      page="wide"
      bar={({ base }) => (
        <nav aria-label={t.back} className={styles.bar}>
          <Link to={base} className={styles.back}>‹ {t.back}</Link>
        </nav>
      )}
    >
      {({ vendorId, locationId, context }) => <RemitForm key={`${vendorId}/${locationId}`} vendorId={vendorId} locationId={locationId} context={context} />}
    </LocationPage>
  );
}
