import { Field } from '@ark-ui/react/field';
import { Link } from 'react-router-dom';
import { css } from '../../../styled-system/css';
import type { AdjustmentKind } from '../../../machines/invoice-adjustment/invoice-adjustment.machine';
import { formatCurrency } from '../../../core/rules/dollars';
import { DISPUTE_REASONS } from '../../../core/rules/invoices';
import { Button, button } from '../../ui/button';
import { Card, PageTitle } from '../../ui/page';
import { LoadingRegion, Skeleton } from '../../ui/reserved';
import { fieldRecipe, TextField } from '../../ui/text-field';
import { LocationPage } from '../../app/location-page';
import { shortDate } from '../../../core/rules/display';
import { adjustmentTexts as t } from './texts';
import { useInvoiceAdjustment } from './use-invoice-adjustment';
import { amountToCents } from '../../../core/rules/money';
import { paths } from '../../../core/rules/paths';

const styles = {
  back: css({ display: 'inline-flex', alignItems: 'center', gap: '2', color: 'brand.700', fontWeight: '600', mb: '4', minHeight: '44px', textDecoration: 'none', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  form: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  select: css({ minHeight: '44px', px: '3', borderRadius: 'control', borderWidth: '1px', borderColor: '#8a94a3', bg: 'white', fontSize: 'md', width: '100%', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  textarea: css({ minHeight: '88px', p: '3', borderRadius: 'control', borderWidth: '1px', borderColor: '#8a94a3', fontSize: 'md', width: '100%', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  warning: css({ bg: '#fff4d6', borderWidth: '1px', borderColor: '#e9c46a', borderRadius: 'control', p: '3', fontWeight: '600' }),
  summary: css({ display: 'grid', gridTemplateColumns: 'auto auto', columnGap: '6', rowGap: '1', justifyContent: 'start', '& dt': { color: 'muted' }, '& dd': { m: 0, fontWeight: '600', textAlign: 'right' } }),
  actions: css({ display: 'flex', gap: '4', alignItems: 'center', flexWrap: 'wrap' }),
};

/** The form's place while the invoice loads: its lines and fields at their size, so nothing below moves when it comes. */
function AdjustmentSkeleton({ kind }: { kind: AdjustmentKind }) {
  const field = (height: string) => (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
      <Skeleton width="40%" height="20px" />
      <Skeleton height={height} />
    </div>
  );
  return (
    <Card>
      <LoadingRegion label={t.loading} className={styles.form}>
        <Skeleton width="70%" height="24px" />
        {kind === 'dispute' ? <Skeleton height="74px" /> : field('44px')}
        {field('44px')}
        {field('88px')}
        <Skeleton width="140px" height="44px" />
      </LoadingRegion>
    </Card>
  );
}

function AdjustmentForm({ kind, vendorId, locationId, invoiceId, base }: { kind: AdjustmentKind; vendorId: string; locationId: string; invoiceId: string; base: string }) {
  const view = useInvoiceAdjustment({ vendorId, locationId, invoiceId, kind, base });
  const f = fieldRecipe();
  if (view.status === 'loading') return <AdjustmentSkeleton kind={kind} />;
  if (view.status === 'notAdjustable' && view.invoice && view.notAdjustable) {
    return (
      <Card>
        <p role="alert">{t.notAdjustable(kind, view.notAdjustable, view.invoice.displayInvNum)}</p>
        <Link to={paths.click2pay(base)} className={button({ variant: 'secondary' })}>{t.back}</Link>
      </Card>
    );
  }
  if (view.status === 'failed' || !view.invoice) return <p role="alert">{t.loadFailed}</p>;
  const invoice = view.invoice;
  return (
    <Card>
      <form className={styles.form} onSubmit={(e) => { e.preventDefault(); view.apply(); }} noValidate>
        <p>
          {t.invoice} <strong>{invoice.displayInvNum}</strong> · {shortDate(invoice.dueDate)} · {formatCurrency(amountToCents(invoice.openAmount))}
        </p>
        {kind === 'dispute' ? <p role="note" className={styles.warning}>{t.warning}</p> : null}
        {kind === 'partial' ? (
          <TextField label={t.newAmount} inputMode="decimal" autoComplete="off" value={view.amountText} onChange={(e) => view.setAmount(e.target.value)} errorText={view.amountError ?? undefined} required />
        ) : null}
        <Field.Root className={f.root} required={kind === 'partial'}>
          <Field.Label className={f.label}>{kind === 'partial' ? t.reasonRequired : t.reason}</Field.Label>
          <Field.Select className={styles.select} value={view.reason} onChange={(e) => view.setReason(e.target.value)}>
            <option value="">{t.chooseReason}</option>
            {DISPUTE_REASONS.map((r) => <option key={r} value={r}>{r}</option>)}
          </Field.Select>
        </Field.Root>
        <Field.Root className={f.root}>
          <Field.Label className={f.label}>{t.notes}</Field.Label>
          <Field.Textarea className={styles.textarea} maxLength={1000} value={view.notes} onChange={(e) => view.setNotes(e.target.value)} />
        </Field.Root>
        {kind === 'partial' && view.summary ? (
          <dl className={styles.summary}>
            <dt>{t.original}</dt><dd data-testid="original">{formatCurrency(view.summary.originalCents)}</dd>
            <dt>{t.newPayment}</dt><dd data-testid="new-payment">{formatCurrency(view.summary.newCents)}</dd>
            <dt>{t.remaining}</dt><dd data-testid="remaining">{formatCurrency(view.summary.remainingCents)}</dd>
          </dl>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" disabled={!view.canApply}>{t.apply}</Button>
          <Link to={paths.click2pay(base)} className={button({ variant: 'ghost' })}>{t.cancel}</Link>
        </div>
        {kind === 'partial' ? <p className={css({ fontSize: 'sm', color: 'muted' })}>{t.required}</p> : null}
      </form>
    </Card>
  );
}

/** The dispute page or the partial-payment page of one invoice (spec §2), with its back bar. */
export function AdjustmentPage({ kind }: { kind: AdjustmentKind }) {
  return (
    <LocationPage
      params={['invoiceId']}
      bar={({ base }) => (
        <nav aria-label={t.back} className={css({ bg: 'white', borderBottomWidth: '1px', borderColor: 'line', px: { base: '4', md: '6' } })}>
          <Link to={paths.click2pay(base)} className={styles.back}>‹ {t.back}</Link>
        </nav>
      )}
    >
      {({ vendorId, locationId, base, context, params: { invoiceId } }) => (
        <>
          <PageTitle>
            {kind === 'dispute' ? t.disputeTitle : t.partialTitle}{' '}
            {context.location ? <span className={css({ color: 'brand.700' })}>{context.location.displayName}</span> : null}
          </PageTitle>
          <AdjustmentForm key={`${kind}/${invoiceId}`} kind={kind} vendorId={vendorId} locationId={locationId} invoiceId={invoiceId} base={base} />
        </>
      )}
    </LocationPage>
  );
}
