import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { Page } from '../../ui/page';
import { LocationFrame } from '../../app/location-frame';
import type { LocationContextView } from '../../app/use-location-context';
import { useSession } from '../../app/session';
import { TableSkeleton } from '../../ui/report-layout';
import { planTexts as t } from './texts';
import { paths } from '../../../core/rules/paths';

export interface PlanFrameProps {
  vendorId: string;
  locationId: string;
  base: string;
  context: LocationContextView;
  vendorName: string;
  params: Record<string, string | undefined>;
}

/** Frame of the plan pages: location frame, the page landmark, a skeleton until the vendor is known. */
export function PlanFrame({ children }: { children: (props: PlanFrameProps) => ReactNode }) {
  const session = useSession();
  const params = useParams();
  const { vendorId = '', locationId = '' } = params;
  const base = paths.location({ token: session.token, vendorId, locationId });
  return (
    <LocationFrame vendorId={vendorId} locationId={locationId}>
      {(context) => (
        <Page>
          {context.vendor && context.status === 'loaded'
            ? children({ vendorId, locationId, base, context, vendorName: context.vendor.displayName || context.vendor.name, params })
            : <TableSkeleton label={t.loading} rows={4} />}
        </Page>
      )}
    </LocationFrame>
  );
}
