import { Link } from 'react-router-dom';
import { Redirect } from '../../app/redirect';
import { css } from '../../../styled-system/css';
import type { Autopay } from '../../../machines/autopay/autopay.actors';
import { Button, button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import type { Vendor } from '../../app/session';
import { AutopayFrame, AutopaySkeleton, ExclusionsSection, FeeDialog, LoadFailed, MethodSection, StartDateSection } from './autopay-form';
import { TermsCheckbox } from '../../ui/terms-checkbox';
import { Alert, Notice, layout } from '../../ui/form-parts';
import { autopayTexts as t } from './texts';
import { useAutopayManage, useAutopayPage, type AutopayPageView } from './use-autopay';
import { paths } from '../../../core/rules/paths';
import { usePaymentMethodsLoading } from '../../ui/payment-methods/use-payment-methods';

function ManageForm({ view, autopay, vendorId, locationId, base }: { view: AutopayPageView; autopay: Autopay; vendorId: string; locationId: string; base: string }) {
  const manage = useAutopayManage(view, autopay.id, base, vendorId, locationId);
  const busy = manage.updating || manage.deleting;
  return (
    <div className={layout.stack}>
      {autopay.paused ? <Notice testId="autopay-paused">{autopay.paused.message}</Notice> : null}
      <p>{t.current(`${autopay.paymentMethodName} ${autopay.paymentMethodLastFour}`)}</p>
      <MethodSection view={view} vendorId={vendorId} locationId={locationId} selectedId={view.context.method?.id ?? null} currentId={autopay.paymentMethodId} />
      <StartDateSection view={view} editable={false} />
      <ExclusionsSection view={view} editable={view.editable} />
      <TermsCheckbox terms={view.terms} accepted={view.context.termsAccepted} onChange={view.setTerms} />
      {manage.failure ? <Alert>{t.failures[manage.failure]}</Alert> : null}
      <div className={layout.actions}>
        <Button onClick={manage.update} disabled={!view.updateEnabled || busy} loading={manage.updating}>{t.update}</Button>
        <Link to={base} className={button({ variant: 'ghost' })}>{t.cancel}</Link>
        <Button variant="danger" className={css({ ml: { md: 'auto' } })} onClick={manage.openDelete} disabled={busy}>{t.turnOff}</Button>
      </div>
      <FeeDialog view={view} open={manage.confirming} title={t.feeModal.updateTitle} confirmText={t.feeModal.confirmUpdate} onCancel={manage.cancel} onConfirm={manage.confirm} />
      <Dialog
        open={manage.deleteOpen}
        onClose={manage.cancelDelete}
        role="alertdialog"
        title={t.offModal.title}
        actions={
          <>
            <Button variant="secondary" onClick={manage.cancelDelete} disabled={manage.deleting}>{t.offModal.keep}</Button>
            <Button variant="danger" onClick={manage.confirmDelete} loading={manage.deleting} disabled={manage.deleting}>{t.offModal.confirm}</Button>
          </>
        }
      >
        <p>{t.offModal.body}</p>
        {manage.deleteFailed ? <Alert>{t.failures.turnOff}</Alert> : null}
      </Dialog>
    </div>
  );
}

export function AutopayManage({ vendorId, locationId, vendor, base, now }: { vendorId: string; locationId: string; vendor: Vendor; base: string; now?: () => import('temporal-polyfill').Temporal.Instant }) {
  const view = useAutopayPage({ vendorId, locationId, requestId: null, vendor, now });
  const methodsLoading = usePaymentMethodsLoading(vendorId, locationId);
  if (view.status === 'loading' || (methodsLoading && view.status !== 'failed' && view.status !== 'inactive')) return <AutopaySkeleton />;
  if (view.status === 'failed') return <LoadFailed onRetry={view.retry} />;
  if (view.status === 'inactive' || !view.autopay) return <Redirect to={paths.autopay(base)} replace byAnswers />;
  return <ManageForm view={view} autopay={view.autopay} vendorId={vendorId} locationId={locationId} base={base} />;
}

/** AutoPay management at `.../autopaymanage` (§2.2); no active AutoPay redirects to set-up. */
export default function AutopayManagePage() {
  return (
    <AutopayFrame>
      {({ vendorId, locationId, vendor, base }) => <AutopayManage key={`${vendorId}/${locationId}`} vendorId={vendorId} locationId={locationId} vendor={vendor} base={base} />}
    </AutopayFrame>
  );
}
