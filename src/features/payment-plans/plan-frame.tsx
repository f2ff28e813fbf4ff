import type { ReactNode } from 'react';
import { LocationPage } from '../../app/location-page';
import type { LocationContextView } from '../../app/use-location-context';
import { TableSkeleton } from '../../ui/report-layout';
import { planTexts as t } from './texts';

export interface PlanFrameProps {
  vendorId: string;
  locationId: string;
  base: string;
  context: LocationContextView;
  vendorName: string;
  params: Record<'planId' | 'requestId', string>;
}

/** Frame of the plan pages: location frame, the page landmark, a skeleton until the vendor is known. */
export function PlanFrame({ children }: { children: (props: PlanFrameProps) => ReactNode }) {
  return (
    <LocationPage params={['planId', 'requestId']}>
      {({ vendorId, locationId, base, context, params }) => (
        context.vendor && context.status === 'loaded'
          ? children({ vendorId, locationId, base, context, vendorName: context.vendor.displayName || context.vendor.name, params })
          : <TableSkeleton label={t.loading} rows={4} />
      )}
    </LocationPage>
  );
}
