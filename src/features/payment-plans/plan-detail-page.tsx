import { Link } from 'react-router-dom';
import { css } from '../../../styled-system/css';
import { toCsv } from '../../../core/rules/csv';
import { Button, button } from '../../ui/button';
import { Card } from '../../ui/page';
import { ReportActions, usePrinting } from '../../ui/report-actions';
import { Alert, Notice, layout } from '../../ui/form-parts';
import { ReportHeader, TableSkeleton } from '../../ui/report-layout';
import { PlanFrame, type PlanFrameProps } from './plan-frame';
import { PlanSummary, ScheduleTable, scheduleCsvColumns, useScheduleRows } from './plan-parts';
import { planTexts as t } from './texts';
import { usePlan } from './use-plans';
import { paths } from '../../../core/rules/paths';

function PlanDetail({ vendorId, locationId, base, context, vendorName, params }: PlanFrameProps) {
  const planId = params.planId ?? '';
  const view = usePlan(vendorId, locationId, planId, base);
  const rows = useScheduleRows(view.plan);
  const printing = usePrinting();
  return (
    <>
      <ReportHeader
        title={t.planFor}
        locationName={context.location?.displayName}
        printTitle={t.detailTitle}
        actions={<ReportActions title={t.detailTitle} vendorName={vendorName} locationName={view.plan?.name} csv={() => toCsv(scheduleCsvColumns, rows)} disabled={!view.plan} unavailable={!view.plan && (view.status === 'failed' || view.status === 'notFound')} />}
      />
      {view.status === 'loading' ? <TableSkeleton label={t.loading} rows={4} /> : null}
      {view.status === 'failed' || view.status === 'notFound' ? (
        <div className={layout.stack}>
          <Alert>{view.status === 'notFound' ? t.notFound : t.loadFailed}</Alert>
          <div className={layout.actions}>
            {view.status === 'failed' ? <Button variant="secondary" onClick={view.retry}>{t.retry}</Button> : null}
            <Link to={base} className={button({ variant: 'ghost' })}>{t.dashboard}</Link>
          </div>
        </div>
      ) : null}
      {view.plan ? (
        <div className={layout.stack}>
          {view.plan.paused ? <Notice testId="plan-paused">{view.plan.paused.message}</Notice> : null}
          <Card>
            <h2 className={css({ fontSize: 'xl', fontWeight: '700', mb: '3' })}>{view.plan.name}</h2>
            <PlanSummary plan={view.plan} />
          </Card>
          {view.status === 'ready' ? (
            <div data-print-hide="">
              <Link to={paths.planUpdate(base, view.plan.id)} className={button()}>{t.updateMethod}</Link>
            </div>
          ) : null}
          <section aria-labelledby="plan-schedule">
            <h2 id="plan-schedule" className={css({ fontSize: 'lg', fontWeight: '700', mb: '2' })}>{t.schedule}</h2>
            <ScheduleTable rows={rows} printing={printing} />
          </section>
          <div data-print-hide=""><Link to={paths.plans(base)} className={button({ variant: 'ghost' })}>{t.backToPlans}</Link></div>
        </div>
      ) : null}
    </>
  );
}

/** `.../plans/{planId}` (§2.3): summary and schedule ("MON 1/2/24"); only open plans offer "Update Payment Method". */
export default function PlanDetailPage() {
  return <PlanFrame>{(props) => <PlanDetail key={props.params.planId} {...props} />}</PlanFrame>;
}
