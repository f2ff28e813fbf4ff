/**
 * Export CSV and Print of the journey. Self-contained (papaparse directly) until the shared report actions
 * (src/ui/report-actions.tsx, src/domain/csv.ts) land; the integrator swaps this block for them.
 */
import Papa from 'papaparse';
import { css } from '../../../styled-system/css';
import { Button } from '../../ui/button';
import type { CsvDocument } from './journey-csv';
import { journeyTexts as t } from './texts';

/** CSV text of the rows; cells starting with = + - @ tab or CR are prefixed with ' (CSV injection, papaparse escapeFormulae). */
export function csvText(rows: string[][]): string {
  return Papa.unparse(rows, { escapeFormulae: true });
}

function download({ fileName, rows }: CsvDocument) {
  const url = URL.createObjectURL(new Blob(['\ufeff', csvText(rows)], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function JourneyExportActions({ csv }: { csv: () => CsvDocument }) {
  return (
    <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', '@media print': { display: 'none' } })}>
      <Button variant="secondary" onClick={() => download(csv())}>{t.exportCsv}</Button>
      <Button variant="secondary" onClick={() => window.print()}>{t.print}</Button>
    </div>
  );
}
