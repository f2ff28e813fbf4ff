import type { SnapshotFrom } from 'xstate';
import type { invoiceReportMachine } from './invoice-report.machine';
import type { paymentReportMachine } from './payment-report.machine';

type ReportSnapshot = SnapshotFrom<typeof invoiceReportMachine> | SnapshotFrom<typeof paymentReportMachine>;

export const selectReportStatus = (s: ReportSnapshot) => s.value as 'loading' | 'loaded' | 'empty' | 'failed';
export const selectReportRows = <S extends ReportSnapshot>(s: S) => s.context.rows as S['context']['rows'];
export const selectReportSort = (s: ReportSnapshot) => s.context.sort;
