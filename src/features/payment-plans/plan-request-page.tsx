import { Accordion } from '@ark-ui/react/accordion';
import { useCallback, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Redirect } from '../../app/redirect';
import { css } from '../../../styled-system/css';
import { formatCurrency } from '../../../core/rules/dollars';
import { FREQUENCY_LABELS } from '../../../core/rules/recurring-plans';
import { Button, button } from '../../ui/button';
import { Card, PageTitle } from '../../ui/page';
import { TermsCheckbox } from '../../ui/terms-checkbox';
import { Alert, layout } from '../../ui/form-parts';
import { shortDate } from '../../../core/rules/display';
import { PaymentMethodPicker, type PickedPaymentMethod } from '../../ui/payment-methods/payment-method-picker';
import { TableSkeleton } from '../../ui/report-layout';
import { PlanFrame, type PlanFrameProps } from './plan-frame';
import { PlanSummary, ScheduleTable } from './plan-parts';
import { planTexts as t } from './texts';
import { usePlanSetup, type PlanSetupConfirmation } from './use-plans';
import { paths } from '../../../core/rules/paths';
import { usePaymentMethodsLoading } from '../../ui/payment-methods/use-payment-methods';

const styles = {
  item: css({ bg: 'white', borderWidth: '1px', borderColor: 'line', borderRadius: 'card', boxShadow: 'card' }),
  trigger: css({
    display: 'flex', width: '100%', justifyContent: 'space-between', alignItems: 'center', px: { base: '4', md: '5' }, minHeight: '52px',
    fontSize: 'lg', fontWeight: '700', bg: 'transparent', cursor: 'pointer', textAlign: 'left', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' },
  }),
  content: css({ px: { base: '3', md: '5' }, pb: '4' }),
};

function Item({ value, title, children }: { value: string; title: string; children: ReactNode }) {
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

function PlanRequest({ vendorId, locationId, base, context, params }: PlanFrameProps) {
  const requestId = params.requestId ?? '';
  const view = usePlanSetup(vendorId, locationId, requestId, base);
  const { chooseMethod } = view;
  const onSelect = useCallback((m: PickedPaymentMethod) => chooseMethod(m), [chooseMethod]); // eslint-disable-line react-hooks/exhaustive-deps
  const plan = view.request?.paymentPlan ?? null;
  // the page waits for the picker's methods too (src/ui/payment-methods/use-payment-methods.ts)
  const methodsLoading = usePaymentMethodsLoading(vendorId, locationId);
  const waiting = view.status === 'loading' || (methodsLoading && view.status === 'ready');
  const { rows, each, totalCents } = view.proposed;
  return (
    <>
      <PageTitle>{t.planFor} {context.location ? <span className={layout.accent}>{context.location.displayName}</span> : null}</PageTitle>
      {waiting ? <TableSkeleton label={t.loading} rows={4} /> : null}
      {view.status === 'failed' ? (
        <div className={layout.stack}>
          <Alert>{t.request.loadFailed}</Alert>
          <div><Button variant="secondary" onClick={view.retry}>{t.retry}</Button></div>
        </div>
      ) : null}
      {view.status === 'closed' ? (
        <div className={layout.stack}>
          <p>{t.request.closed}</p>
          <div><Link to={base} className={button()}>{t.dashboard}</Link></div>
        </div>
      ) : null}
      {view.status === 'ready' && plan && !waiting ? (
        <div className={layout.stack}>
          <Card>
            <dl className={layout.dl}>
              <dt>{t.request.nickname}</dt><dd data-testid="plan-nickname">{plan.paymentPlanName}</dd>
              <dt>{t.request.startDate}</dt><dd>{shortDate(plan.startDate)}</dd>
              <dt>{t.request.frequency}</dt><dd>{FREQUENCY_LABELS[plan.frequency]}</dd>
              <dt>{t.request.each}</dt><dd data-testid="each-amount">{formatCurrency(each.totalCents)}{each.feeCents > 0 ? ` (${t.request.withFees})` : ''}</dd>
              <dt>{t.request.total}</dt><dd data-testid="total-amount">{formatCurrency(totalCents)}{each.feeCents > 0 ? ` (${t.request.withFees})` : ''}</dd>
            </dl>
          </Card>
          <Accordion.Root multiple defaultValue={['method']} className={layout.stack}>
            <Item value="method" title={t.request.paymentMethod}>
              <PaymentMethodPicker vendorId={vendorId} locationId={locationId} selectedId={view.method?.id ?? null} onSelect={onSelect} />
            </Item>
            <Item value="summary" title={t.request.summary}>
              <ScheduleTable rows={rows} label={t.request.summary} />
            </Item>
          </Accordion.Root>
          <TermsCheckbox terms={view.terms} accepted={view.termsAccepted} onChange={view.setTerms} />
          {view.failed ? <Alert>{t.request.failed}</Alert> : null}
          <div className={layout.actions}>
            <Button onClick={view.setUp} disabled={!view.enabled || view.submitting} loading={view.submitting}>{t.request.setUp}</Button>
            <Link to={base} className={button({ variant: 'ghost' })}>{t.cancel}</Link>
          </div>
        </div>
      ) : null}
    </>
  );
}

/** `.../planrequests/{requestId}` (§2.3). */
export default function PlanRequestPage() {
  return <PlanFrame>{(props) => <PlanRequest key={props.params.requestId} {...props} />}</PlanFrame>;
}

/** `.../planrequests/{requestId}/confirmation`, carrying the method and the plan; without them → the root. */
export function PlanRequestConfirmation() {
  const { state } = useLocation() as { state: PlanSetupConfirmation | null };
  return (
    <PlanFrame>
      {({ base, context }) => {
        if (!state?.paymentPlan) return <Redirect to={base} replace />;
        return (
          <>
            <PageTitle>{t.request.confirmed} {context.location ? <span className={layout.accent}>{context.location.displayName}</span> : null}</PageTitle>
            <Card><h2 className={css({ fontSize: 'xl', fontWeight: '700', mb: '3' })}>{state.paymentPlan.name}</h2><PlanSummary plan={{ ...state.paymentPlan, paymentMethod: state.paymentMethod }} /></Card>
            <div className={layout.actions} style={{ marginTop: 24 }}>
              <Link to={paths.plan(base, state.paymentPlan.id)} className={button()}>{t.backToPlan}</Link>
              <Link to={base} className={button({ variant: 'secondary' })}>{t.dashboard}</Link>
            </div>
          </>
        );
      }}
    </PlanFrame>
  );
}
