/** Parts shared by the report pages: the "… for {location}" header with Export/Print, the failure notice, skeleton rows. */
import type { ReactNode } from 'react';
import { css } from '../../styled-system/css';
import type { ReportSort } from '../../core/rules/reports';
import { DataTable, type DataTableProps } from './data-table';
import { PageTitle } from './page';
import { PrintStyles } from './report-actions';
import { LoadingRegion, Skeleton } from './reserved';
import { reportTexts } from './texts';

/** h1 "{title} {location}", the print stylesheet with `printTitle`, and the actions (Export/Print) beside the title. */
export function ReportHeader({ title, locationName, printTitle, actions }: { title: string; locationName?: string; printTitle: string; actions?: ReactNode }) {
  return (
    <>
      <PrintStyles title={printTitle} />
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', columnGap: '4', mb: '5' })}>
        <PageTitle className={css({ mb: '2' })}>
          {title} {locationName ? <span className={css({ color: 'brand.700' })}>{locationName}</span> : null}
        </PageTitle>
        {actions}
      </div>
    </>
  );
}

/** §8 report load failure, with the vendor's name. */
export function ReportFailure({ vendorName, text = reportTexts.loadFailed }: { vendorName: string; text?: string }) {
  return (
    <div role="alert" className={css({ bg: 'white', borderWidth: '1px', borderColor: '#f4c7c3', borderRadius: 'card', p: '5', '& p + p': { mt: '2' } })}>
      <p className={css({ color: 'danger', fontWeight: '600' })}>{text}</p>
      <p>{reportTexts.contact(vendorName)}</p>
    </div>
  );
}

/** Skeleton of a table of `rows` rows (48 px each, as DataTable), under a 44 px header. */
export function TableSkeleton({ label, rows = 6 }: { label: string; rows?: number }) {
  return (
    <LoadingRegion label={label} className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <Skeleton height={36} />
      {Array.from({ length: rows }, (_, i) => <Skeleton key={i} height={40} />)}
    </LoadingRegion>
  );
}

export const emptyText = css({ bg: 'white', borderRadius: 'card', borderWidth: '1px', borderColor: 'line', p: '5', color: 'muted' });

/** DataTable whose sort is owned by a machine: shows `sort`, and a header click asks `onSort(columnId)`. */
export function MachineSortedTable<T>({ sort, onSort, ...props }: Omit<DataTableProps<T>, 'initialSort' | 'sort' | 'onSortChange' | 'selection'> & { sort: ReportSort; onSort(column: string): void }) {
  return <DataTable sort={sort} onSortChange={(_, column) => onSort(column)} {...props} />;
}
