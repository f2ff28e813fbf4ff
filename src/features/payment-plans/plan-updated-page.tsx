import { Link, useLocation } from 'react-router-dom';
import { Redirect } from '../../app/redirect';
import { button } from '../../ui/button';
import { Card, PageTitle } from '../../ui/page';
import { layout } from '../../ui/form-parts';
import { PlanFrame } from './plan-frame';
import { PlanSummary } from './plan-parts';
import { planTexts as t } from './texts';
import type { PlanUpdatedState } from './use-plans';
import { paths } from '../../../core/rules/paths';

/** `.../plans/{planId}/update/confirmation`; without navigation state it redirects to the root (§2.3). */
export default function PlanUpdatedPage() {
  const { state } = useLocation() as { state: PlanUpdatedState | null };
  return (
    <PlanFrame>
      {({ base, context }) => {
        if (!state?.plan) return <Redirect to={base} replace />;
        return (
          <>
            <PageTitle>{t.updated} {context.location ? <span className={layout.accent}>{context.location.displayName}</span> : null}</PageTitle>
            <Card><h2 style={{ fontWeight: 700, marginBottom: 12 }}>{state.plan.name}</h2><PlanSummary plan={state.plan} /></Card>
            <div className={layout.actions} style={{ marginTop: 24 }}>
              <Link to={paths.plan(base, state.plan.id)} className={button()}>{t.backToPlan}</Link>
              <Link to={base} className={button({ variant: 'secondary' })}>{t.dashboard}</Link>
            </div>
          </>
        );
      }}
    </PlanFrame>
  );
}
