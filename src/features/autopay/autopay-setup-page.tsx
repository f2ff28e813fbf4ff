import { Link } from 'react-router-dom';
import { Redirect } from '../../app/redirect';
import { useLocationRoute } from '../../app/location-page';
import { Button, button } from '../../ui/button';
import type { Vendor } from '../../app/session';
import { AutopayFrame, AutopaySkeleton, ExclusionsSection, FeeDialog, LoadFailed, MethodSection, StartDateSection } from './autopay-form';
import { TermsCheckbox } from '../../ui/terms-checkbox';
import { Alert, layout } from '../../ui/form-parts';
import { autopayTexts as t } from './texts';
import { useAutopayPage, useAutopaySubmit } from './use-autopay';
import { paths } from '../../../core/rules/paths';
import { usePaymentMethodsLoading } from '../../ui/payment-methods/use-payment-methods';

export interface AutopaySetupProps {
  vendorId: string;
  locationId: string;
  vendor: Vendor;
  base: string;
  requestId: string | null;
  now?: () => import('temporal-polyfill').Temporal.Instant;
}

/** The set-up form (§2.1); an existing AutoPay redirects to manage. */
export function AutopaySetup({ vendorId, locationId, vendor, base, requestId, now }: AutopaySetupProps) {
  const view = useAutopayPage({ vendorId, locationId, requestId, vendor, now });
  const submit = useAutopaySubmit(view, base, vendorId, locationId);
  const methodsLoading = usePaymentMethodsLoading(vendorId, locationId);
  if (view.status === 'loading' || (methodsLoading && view.status !== 'failed' && view.status !== 'active')) return <AutopaySkeleton />;
  if (view.status === 'failed') return <LoadFailed onRetry={view.retry} />;
  if (view.status === 'active') return <Redirect to={paths.autopayManage(base)} replace byAnswers />;
  return (
    <div className={layout.stack}>
      <MethodSection view={view} vendorId={vendorId} locationId={locationId} selectedId={view.context.method?.id ?? null} />
      <StartDateSection view={view} editable={view.editable} />
      <ExclusionsSection view={view} editable={view.editable} />
      <TermsCheckbox terms={view.terms} accepted={view.context.termsAccepted} onChange={view.setTerms} />
      {submit.failed ? <Alert>{t.failures.setup}</Alert> : null}
      <div className={layout.actions}>
        <Button onClick={submit.submit} disabled={!view.setupValid || submit.submitting} loading={submit.submitting}>{t.setUp}</Button>
        <Link to={base} className={button({ variant: 'ghost' })}>{t.cancel}</Link>
      </div>
      <FeeDialog view={view} open={submit.confirming} title={t.feeModal.setupTitle} confirmText={t.feeModal.confirmSetup} onCancel={submit.cancel} onConfirm={submit.confirm} />
    </div>
  );
}

/** AutoPay setup at `.../autopay` and `.../autopay/{requestId}`. */
export default function AutopaySetupPage() {
  const requestId = useLocationRoute(['requestId']).params.requestId || null;
  return (
    <AutopayFrame>
      {({ vendorId, locationId, vendor, base }) => (
        <AutopaySetup key={`${vendorId}/${locationId}/${requestId ?? ''}`} vendorId={vendorId} locationId={locationId} vendor={vendor} base={base} requestId={requestId} />
      )}
    </AutopayFrame>
  );
}
