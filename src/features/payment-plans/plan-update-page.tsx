import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { Button, button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Card, PageTitle } from '../../ui/page';
import { TermsCheckbox } from '../../ui/terms-checkbox';
import { Alert, Notice, Section, layout } from '../../ui/form-parts';
import { PaymentMethodPicker, type PickedPaymentMethod } from '../../ui/payment-methods/payment-method-picker';
import { TableSkeleton } from '../../ui/report-layout';
import { PlanFrame, type PlanFrameProps } from './plan-frame';
import { PlanSummary } from './plan-parts';
import { planTexts as t } from './texts';
import { usePlan } from './use-plans';
import { paths } from '../../../core/rules/paths';
import { usePaymentMethodsLoading } from '../../ui/payment-methods/use-payment-methods';

function PlanUpdate({ vendorId, locationId, base, context, params }: PlanFrameProps) {
  const planId = params.planId ?? '';
  const view = usePlan(vendorId, locationId, planId, base);
  const { chooseMethod } = view;
  const onSelect = useCallback((m: PickedPaymentMethod) => chooseMethod(m), [chooseMethod]); // eslint-disable-line react-hooks/exhaustive-deps
  // the page waits for the picker's methods too (src/ui/payment-methods/use-payment-methods.ts)
  const methodsLoading = usePaymentMethodsLoading(vendorId, locationId);
  const waiting = view.status === 'loading' || (methodsLoading && !!view.plan && view.status !== 'inactive');
  const methodName = view.method ? `${view.method.displayExtra.name} ${view.method.displayExtra.lastFour}` : '';
  return (
    <>
      <PageTitle>
        {t.updateMethod} {context.location ? <span className={layout.accent}>{context.location.displayName}</span> : null}
      </PageTitle>
      {waiting ? <TableSkeleton label={t.loading} rows={4} /> : null}
      {view.status === 'failed' || view.status === 'notFound' ? (
        <div className={layout.stack}>
          <Alert>{view.status === 'notFound' ? t.notFound : t.loadFailed}</Alert>
          <div><Button variant="secondary" onClick={view.retry}>{t.retry}</Button></div>
        </div>
      ) : null}
      {view.plan && !waiting ? (
        <div className={layout.stack}>
          {view.plan.paused ? <Notice testId="plan-paused">{view.plan.paused.message}</Notice> : null}
          <Card><PlanSummary plan={view.plan} /></Card>
          {view.status === 'inactive' ? <p>{t.inactive}</p> : (
            <>
              <Section id="plan-method" title={t.columns.method}>
                <PaymentMethodPicker vendorId={vendorId} locationId={locationId} selectedId={view.method?.id ?? null} currentId={view.plan.paymentMethodId} onSelect={onSelect} />
              </Section>
              <TermsCheckbox terms={view.terms} accepted={view.termsAccepted} onChange={view.setTerms} />
              {view.failed ? <Alert>{t.updateFailed}</Alert> : null}
            </>
          )}
          <div className={layout.actions}>
            {view.status === 'ready' ? <Button onClick={view.update} disabled={!view.enabled} loading={view.submitting}>{t.update}</Button> : null}
            <Link to={paths.plan(base, planId)} className={button({ variant: 'ghost' })}>{t.cancel}</Link>
          </div>
          <Dialog
            open={view.confirming}
            onClose={view.cancel}
            role="alertdialog"
            title={t.updateModal.title}
            actions={
              <>
                <Button variant="secondary" onClick={view.cancel}>{t.cancel}</Button>
                <Button onClick={view.confirm}>{t.update}</Button>
              </>
            }
          >
            <p>{t.updateModal.body(methodName)}</p>
            {view.fee ? <p>{t.updateModal.fee(view.fee)}</p> : null}
          </Dialog>
        </div>
      ) : null}
    </>
  );
}

/** `.../plans/{planId}/update` (§2.3): a different, verified method, the box ticked, "Update payment plan?". */
export default function PlanUpdatePage() {
  return <PlanFrame>{(props) => <PlanUpdate key={props.params.planId} {...props} />}</PlanFrame>;
}
