import { useActorRef, useSelector } from '@xstate/react';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { css } from '../../styled-system/css';
import type { ImportProblem } from '../../machines/console-import/console-import.actors';
import { consoleImportMachine, succeeded } from '../../machines/console-import/console-import.machine';
import { Button } from '../ui/button';
import { DataTable, type DataTableColumn } from '../ui/data-table';
import { ConsoleSession } from './frame';
import { ConsolePage, Panel } from './layout';
import { consoleTexts } from './texts';

const t = consoleTexts.upload;

const styles = {
  back: css({ display: 'inline-flex', alignItems: 'center', minHeight: '44px', color: 'brand.700', fontWeight: '600', mb: '2', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  intro: css({ mb: '2' }),
  muted: css({ color: 'muted', mb: '4' }),
  label: css({ fontWeight: '600', display: 'block', mb: '1' }),
  file: css({ display: 'block', width: '100%', minHeight: '44px', py: '2', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  h2: css({ fontSize: 'lg', fontWeight: '700', mt: '5', mb: '2' }),
  alert: css({ color: 'danger', fontWeight: '600', my: '3' }),
  status: css({ fontWeight: '600', my: '3' }),
  // the outcome's place is kept while one comes: the page does not jump when it arrives
  outcome: css({ minHeight: '120px', mt: '4' }),
  progress: css({ width: '100%', height: '8px', display: 'block' }),
};

const count = (n: number) => n.toLocaleString('en-US');
const size = (bytes: number) => (bytes < 1024 * 1024 ? `${count(Math.max(1, Math.round(bytes / 1024)))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

const problemColumns: DataTableColumn<ImportProblem & { key: string }>[] = [
  { id: 'line', header: t.problemColumns.line, phone: 'primary', cell: (p) => (p.line === undefined ? t.wholeFile : String(p.line)) },
  { id: 'field', header: t.problemColumns.field, phone: 'secondary', cell: (p) => p.field ?? '' },
  { id: 'message', header: t.problemColumns.message, phone: 'detail', wrap: true, cell: (p) => p.message },
];
const problemRow = (p: ImportProblem & { key: string }) => ({ 'data-testid': 'problem-row', 'data-line': String(p.line ?? '') });

function Problems({ problems, problemCount }: { problems: ImportProblem[]; problemCount: number }) {
  const rows = problems.map((p, i) => ({ ...p, key: `${i}` }));
  return (
    <>
      <p className={styles.muted}>{t.problemsHelp}</p>
      {problemCount > problems.length ? <p className={styles.muted}>{t.problemsCapped(count(problems.length), count(problemCount))}</p> : null}
      <DataTable label={t.problemsLabel} rows={rows} rowKey={(p) => p.key} columns={problemColumns} rowAttributes={problemRow} />
    </>
  );
}

/** `/console/invoices/upload`: a file of invoices, checked, then written on confirmation. */
export function UploadPage() {
  const actor = useActorRef(consoleImportMachine);
  const send = actor.send;
  const snapshot = useSelector(actor, (s) => s);
  const session = ConsoleSession.useSelector((s) => s.context.session);
  const mayUpload = session?.user.role === 'admin' || session?.user.role === 'ar';
  const { chosen, notice, check, write, problem } = snapshot.context;
  const writing = snapshot.matches('writing');
  const watched = writing || snapshot.matches('written') ? write : check;
  const name = chosen?.name ?? '';

  let outcome: ReactElement | null = null;
  if (snapshot.matches({ checking: 'sending' }) || snapshot.matches({ writing: 'sending' })) {
    outcome = <p role="status" className={styles.status}>{t.sending(name, size(chosen!.size))}<progress className={styles.progress} aria-hidden="true" /></p>;
  } else if (snapshot.matches({ checking: 'watching' }) || snapshot.matches({ writing: 'watching' })) {
    const progress = watched?.progress;
    const text = !progress ? t.waiting(name) : progress.phase === 'writing' ? t.writing(name) : writing ? t.checkingWrite(name) : t.checking(name, count(progress.rowsChecked));
    outcome = <p role="status" className={styles.status}>{text}<progress className={styles.progress} aria-hidden="true" /></p>;
  } else if (snapshot.matches({ checking: 'lost' }) || snapshot.matches({ writing: 'lost' })) {
    outcome = (
      <>
        <p role="alert" className={styles.alert}>{t.lost}</p>
        <Button onClick={() => send({ type: 'watch.retry' })}>{t.watchAgain}</Button>
      </>
    );
  } else if (snapshot.matches('refused')) {
    outcome = (
      <>
        <p role="alert" className={styles.alert}>{t.refusedTitle} {problem}</p>
        <Button onClick={() => send({ type: 'upload.retry' })}>{t.retry}</Button>
      </>
    );
  } else if (snapshot.matches('checked') && check) {
    outcome = succeeded(check) && check.summary ? (
      <section aria-labelledby="upload-ready">
        <h2 id="upload-ready" className={styles.h2}>{t.readyTitle}</h2>
        <p role="status">{t.counts(count(check.summary.invoices), count(check.summary.created), count(check.summary.updated), count(check.summary.unchanged))}</p>
        {check.summary.canceledPayments.length > 0 ? <p className={styles.alert}>{t.cancels(check.summary.canceledPayments.join(', '))}</p> : null}
        <Button className={css({ mt: '3' })} onClick={() => send({ type: 'import.confirm' })}>{t.confirm(count(check.summary.invoices))}</Button>
      </section>
    ) : (
      <section aria-labelledby="upload-problems">
        <div role="alert"><h2 id="upload-problems" className={styles.h2}>{t.problemsTitle(count(check.problemCount))}</h2></div>
        <Problems problems={check.problems} problemCount={check.problemCount} />
      </section>
    );
  } else if (snapshot.matches('written') && write) {
    outcome = succeeded(write) && write.summary ? (
      <section aria-labelledby="upload-written">
        <h2 id="upload-written" className={styles.h2}>{t.writtenTitle}</h2>
        <p role="status">{t.counts(count(write.summary.invoices), count(write.summary.created), count(write.summary.updated), count(write.summary.unchanged))}</p>
        <p className={styles.muted}>{t.another}</p>
      </section>
    ) : (
      <section aria-labelledby="upload-write-failed">
        <div role="alert"><h2 id="upload-write-failed" className={styles.h2}>{t.writeFailedTitle}</h2></div>
        <Problems problems={write.problems} problemCount={write.problemCount} />
      </section>
    );
  }

  return (
    <ConsolePage title={t.title} lead={<Link className={styles.back} to="/invoices">‹ {t.back}</Link>}>
      <Panel>
        <p className={styles.intro}>{t.intro}</p>
        <p className={styles.muted}>{t.columns}</p>
        {mayUpload ? (
          <>
            <label htmlFor="upload-file" className={styles.label}>{t.fileLabel}</label>
            <input
              id="upload-file"
              type="file"
              className={styles.file}
              accept=".csv,.ndjson,.jsonl,text/csv,application/x-ndjson"
              disabled={writing}
              aria-describedby={notice ? 'upload-notice' : undefined}
              onChange={(e) => {
                const file = e.target.files?.[0];
                // the same file chosen again (fixed and saved) must count as a new choice
                e.target.value = '';
                if (file) send({ type: 'file.choose', file, name: file.name });
              }}
            />
            <div aria-live="polite">{notice ? <p id="upload-notice" role="alert" className={styles.alert}>{t.notices[notice]}</p> : null}</div>
            <div className={styles.outcome} aria-live="polite">{outcome}</div>
          </>
        ) : (
          <p>{t.viewerOnly}</p>
        )}
      </Panel>
    </ConsolePage>
  );
}
