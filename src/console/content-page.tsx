import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Temporal } from 'temporal-polyfill';
import { css } from '../../styled-system/css';
import { shortDate } from '../../core/rules/display';
import type { VendorAd } from '../../machines/console-ads/console-ads.actors';
import { adDraftProblems, consoleAdsMachine } from '../../machines/console-ads/console-ads.machine';
import type { VendorAnnouncement } from '../../machines/console-announcements/console-announcements.actors';
import { announcementDraftValid, consoleAnnouncementsMachine } from '../../machines/console-announcements/console-announcements.machine';
import { IMAGE_TYPES } from '../../machines/console-settings/console-settings.machine';
import { Button } from '../ui/button';
import { DataTable, type DataTableColumn } from '../ui/data-table';
import { Dialog } from './dialog';
import { NativeTextField } from '../ui/native-text-field';
import { ConsoleSession } from './frame';
import { ConsolePage, Panel, Placeholder, useFirstAnswer, useSectionsInOrder } from './layout';
import { SentMessagesSection } from './sent-messages-section';
import { consoleTexts } from './texts';

const t = consoleTexts.content;
const ta = consoleTexts.announcements;
const td = consoleTexts.ads;

const styles = {
  stack: css({ display: 'flex', flexDirection: 'column', gap: '5' }),
  h2: css({ fontSize: 'lg', fontWeight: '700', mb: '3' }),
  h3: css({ fontSize: 'md', fontWeight: '700', mt: '5', mb: '2' }),
  intro: css({ mb: '4' }),
  alert: css({ color: 'danger', fontWeight: '600', my: '3' }),
  notice: css({ color: 'success', fontWeight: '600', my: '3' }),
  muted: css({ color: 'muted' }),
  form: css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }),
  wide: css({ gridColumn: { md: '1 / -1' } }),
  label: css({ fontWeight: '600', display: 'block', mb: '1' }),
  control: css({ width: '100%', minHeight: '44px', px: '2', borderRadius: 'control', borderWidth: '1px', borderColor: '#8a94a3', bg: 'white', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  help: css({ color: 'muted', fontSize: 'sm', mt: '1' }),
  error: css({ color: 'danger', fontSize: 'sm', fontWeight: '600', mt: '1' }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '3', gridColumn: { md: '1 / -1' } }),
  link: css({ bg: 'transparent', border: '0', color: 'brand.700', fontWeight: '600', textDecoration: 'underline', cursor: 'pointer', minHeight: '44px', px: '1', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  danger: css({ bg: 'transparent', border: '0', color: 'danger', fontWeight: '600', textDecoration: 'underline', cursor: 'pointer', minHeight: '44px', px: '1', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  cellActions: css({ display: 'flex', flexWrap: 'wrap', gap: '2' }),
  message: css({ overflowWrap: 'anywhere' }),
  thumb: css({ width: '160px', height: '48px', objectFit: 'contain', bg: '#f6f8fb', borderRadius: 'control' }),
  url: css({ overflowWrap: 'anywhere' }),
};

/** `/console/content`: announcements, statement ads and the sent template messages (AR clerks and admins change them; viewers read). */
export function ContentPage() {
  const session = ConsoleSession.useSelector((s) => s.context.session);
  if (!session) return <ConsolePage title={t.title}><Placeholder label={ta.loading} heights={[240]} /></ConsolePage>;
  const editable = session.user.role !== 'viewer';
  return (
    <ConsolePage title={t.title}>
      <p className={styles.intro}>{t.intro}</p>
      {editable ? null : <p role="note" className={css({ fontWeight: '600', mb: '4' })}>{t.readOnly}</p>}
      <Sections editable={editable} timeZone={session.vendor.timeZone} />
    </ConsolePage>
  );
}

type SectionName = 'announcements' | 'ads' | 'sentMessages';

/**
 * The sections load at once; the sent messages (below the two lists) are shown once both lists above have come, so
 * that they are not pushed down when those lists come (a layout shift). Hidden, they load meanwhile.
 */
function Sections({ editable, timeZone }: { editable: boolean; timeZone: string }) {
  const { settled, onSettled } = useSectionsInOrder<SectionName>();
  return (
    <div className={styles.stack}>
      <Announcements editable={editable} timeZone={timeZone} onSettled={onSettled} />
      <Ads editable={editable} onSettled={onSettled} />
      <div hidden={!settled.has('announcements') || !settled.has('ads')}>
        <SentMessagesSection editable={editable} timeZone={timeZone} onSettled={onSettled} />
      </div>
    </div>
  );
}

function Announcements({ editable, timeZone, onSettled }: { editable: boolean; timeZone: string; onSettled?: (name: SectionName) => void }) {
  const actor = useActorRef(consoleAnnouncementsMachine, { input: { editable } });
  const send = actor.send;
  const status = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  useFirstAnswer(status === 'loading', 'announcements', onSettled);
  const items = useSelector(actor, (s) => s.context.items);
  const draft = useSelector(actor, (s) => s.context.draft);
  const target = useSelector(actor, (s) => s.context.target);
  const problem = useSelector(actor, (s) => s.context.problem);
  const notice = useSelector(actor, (s) => s.context.notice);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const confirming = useSelector(actor, (s) => s.matches('confirmingRemove') || s.matches('removing'));
  const removing = useSelector(actor, (s) => s.matches('removing'));
  const today = useMemo(() => Temporal.Now.plainDateISO(timeZone).toString(), [timeZone]);

  const columns = useMemo<DataTableColumn<VendorAnnouncement>[]>(() => [
    { id: 'message', header: ta.columns.message, phone: 'primary', wrap: true, width: '4fr', cell: (a) => <span className={styles.message}>{a.message}</span> },
    { id: 'type', header: ta.columns.type, phone: 'secondary', cell: (a) => ta.types[a.type] ?? a.type },
    { id: 'expires', header: ta.columns.expires, phone: 'secondary', cell: (a) => (a.expirationDate ? (a.expirationDate < today ? ta.expired(shortDate(a.expirationDate)) : shortDate(a.expirationDate)) : ta.untilRemoved) },
    ...(editable
      ? [{
          id: 'actions', header: ta.columns.actions, phone: 'detail' as const,
          cell: (a: VendorAnnouncement) => (
            <span className={styles.cellActions}>
              {a.externalId !== null ? <button type="button" className={styles.link} aria-label={ta.editLabel(a.message)} onClick={() => send({ type: 'announcement.edit', id: a.id })}>{ta.edit}</button> : null}
              <button type="button" className={styles.danger} aria-label={ta.removeLabel(a.message)} onClick={() => send({ type: 'remove.ask', id: a.id })}>{ta.remove}</button>
            </span>
          ),
        }]
      : []),
  ], [send, editable, today]);
  const rowAttributes = useMemo(() => (a: VendorAnnouncement) => ({ 'data-testid': 'announcement-row', 'data-id': a.id }), []);
  const editing = draft.externalId !== null;

  return (
    <Panel labelledBy="announcements-title">
      <h2 id="announcements-title" className={styles.h2}>{ta.title}</h2>
      <p className={styles.intro}>{ta.intro}</p>
      <div aria-live="polite">
        {notice && !confirming ? <p role="status" className={styles.notice}>{ta.notices[notice]}</p> : null}
        {problem && !confirming ? <p role="alert" className={styles.alert}>{problem}</p> : null}
      </div>
      {status === 'loading' ? (
        <Placeholder label={ta.loading} heights={[44, 52, 52]} />
      ) : status === 'failed' ? (
        <>
          <p role="alert" className={styles.alert}>{ta.loadFailed}</p>
          <Button onClick={() => send({ type: 'announcements.retry' })}>{t.retry}</Button>
        </>
      ) : (
        <>
          {items.length === 0 ? <p className={styles.muted}>{ta.none}</p> : <DataTable label={ta.tableLabel} rows={items} rowKey={(a) => a.id} columns={columns} rowAttributes={rowAttributes} />}
        </>
      )}
      {/* the form is there from the first paint (nothing below it moves when the list comes); usable once it has */}
      {editable ? (
        <>
          <h3 className={styles.h3}>{editing ? ta.editTitle : ta.addTitle}</h3>
          <form className={styles.form} aria-label={editing ? ta.editTitle : ta.addTitle} onSubmit={(e) => { e.preventDefault(); send({ type: 'announcement.save' }); }}>
            <div className={styles.wide}>
              <NativeTextField label={ta.messageLabel} helperText={ta.messageHelp} value={draft.message} maxLength={500} disabled={saving || status !== 'ready'} onChange={(e) => send({ type: 'draft.change', field: 'message', value: e.target.value })} />
            </div>
            <div>
              <label htmlFor="announcement-type" className={styles.label}>{ta.typeLabel}</label>
              <select id="announcement-type" className={styles.control} value={draft.type} disabled={saving || status !== 'ready'} onChange={(e) => send({ type: 'draft.change', field: 'type', value: e.target.value })}>
                <option value="info">{ta.types.info}</option>
                <option value="error">{ta.types.error}</option>
              </select>
            </div>
            <div>
              <label htmlFor="announcement-expires" className={styles.label}>{ta.expiresLabel}</label>
              <input id="announcement-expires" type="date" className={styles.control} value={draft.expires} disabled={saving || status !== 'ready'} onChange={(e) => send({ type: 'draft.change', field: 'expires', value: e.target.value })} />
            </div>
            <div className={styles.actions}>
              <Button type="submit" loading={saving} disabled={!announcementDraftValid(draft)}>{editing ? ta.save : ta.add}</Button>
              {editing ? <Button type="button" variant="secondary" disabled={saving || status !== 'ready'} onClick={() => send({ type: 'draft.clear' })}>{ta.stopEditing}</Button> : null}
            </div>
          </form>
        </>
      ) : null}
      <Dialog
        open={confirming}
        role="alertdialog"
        onClose={() => send({ type: 'remove.cancel' })}
        title={ta.removeTitle}
        actions={
          <>
            <Button variant="secondary" disabled={removing} onClick={() => send({ type: 'remove.cancel' })}>{t.cancel}</Button>
            <Button variant="danger" loading={removing} onClick={() => send({ type: 'remove.confirm' })}>{ta.removeConfirm}</Button>
          </>
        }
      >
        {problem ? <p role="alert" className={styles.alert}>{problem}</p> : null}
        <p className={styles.message}>{target ? ta.removeBody(target.message) : ''}</p>
      </Dialog>
    </Panel>
  );
}

function Ads({ editable, onSettled }: { editable: boolean; onSettled?: (name: SectionName) => void }) {
  const actor = useActorRef(consoleAdsMachine, { input: { editable } });
  const send = actor.send;
  const status = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  useFirstAnswer(status === 'loading', 'ads', onSettled);
  const ads = useSelector(actor, (s) => s.context.ads);
  const draft = useSelector(actor, (s) => s.context.draft);
  const imageProblem = useSelector(actor, (s) => s.context.imageProblem);
  const target = useSelector(actor, (s) => s.context.target);
  const problem = useSelector(actor, (s) => s.context.problem);
  const notice = useSelector(actor, (s) => s.context.notice);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const reading = useSelector(actor, (s) => s.matches('readingImage'));
  const confirming = useSelector(actor, (s) => s.matches('confirmingRemove') || s.matches('removing'));
  const removing = useSelector(actor, (s) => s.matches('removing'));
  const problems = adDraftProblems(draft);
  const editing = draft.externalId !== null;
  const numberOf = useMemo(() => new Map(ads.map((a, i) => [a.id, i + 1])), [ads]);

  const columns = useMemo<DataTableColumn<VendorAd>[]>(() => [
    { id: 'image', header: td.columns.image, phone: 'primary', cell: (a) => <img src={a.imageUrl} alt={td.imageAlt(numberOf.get(a.id) ?? 0)} className={styles.thumb} width={160} height={48} /> },
    { id: 'link', header: td.columns.link, phone: 'detail', wrap: true, width: '3fr', cell: (a) => (a.clickUrl ? <span className={styles.url}>{a.clickUrl}</span> : td.noLink) },
    { id: 'order', header: td.columns.order, phone: 'secondary', align: 'end', cell: (a) => a.order },
    { id: 'duration', header: td.columns.duration, phone: 'secondary', align: 'end', cell: (a) => a.duration },
    ...(editable
      ? [{
          id: 'actions', header: td.columns.actions, phone: 'detail' as const,
          cell: (a: VendorAd) => (
            <span className={styles.cellActions}>
              {a.externalId !== null ? <button type="button" className={styles.link} aria-label={td.editLabel(numberOf.get(a.id) ?? 0)} onClick={() => send({ type: 'ad.edit', id: a.id })}>{td.edit}</button> : null}
              <button type="button" className={styles.danger} aria-label={td.removeLabel(numberOf.get(a.id) ?? 0)} onClick={() => send({ type: 'remove.ask', id: a.id })}>{td.remove}</button>
            </span>
          ),
        }]
      : []),
  ], [send, editable, numberOf]);
  const rowAttributes = useMemo(() => (a: VendorAd) => ({ 'data-testid': 'ad-row', 'data-id': a.id }), []);

  return (
    <Panel labelledBy="ads-title">
      <h2 id="ads-title" className={styles.h2}>{td.title}</h2>
      <p className={styles.intro}>{td.intro}</p>
      <div aria-live="polite">
        {notice && !confirming ? <p role="status" className={styles.notice}>{td.notices[notice]}</p> : null}
        {problem && !confirming ? <p role="alert" className={styles.alert}>{problem}</p> : null}
      </div>
      {status === 'loading' ? (
        <Placeholder label={td.loading} heights={[44, 64, 64]} />
      ) : status === 'failed' ? (
        <>
          <p role="alert" className={styles.alert}>{td.loadFailed}</p>
          <Button onClick={() => send({ type: 'ads.retry' })}>{t.retry}</Button>
        </>
      ) : (
        <>
          {ads.length === 0 ? <p className={styles.muted}>{td.none}</p> : <DataTable label={td.tableLabel} rows={ads} rowKey={(a) => a.id} columns={columns} rowAttributes={rowAttributes} />}
        </>
      )}
      {/* as above: the form from the first paint */}
      {editable ? (
        <>
          <h3 className={styles.h3}>{editing ? td.editTitle : td.addTitle}</h3>
          <form className={styles.form} aria-label={editing ? td.editTitle : td.addTitle} onSubmit={(e) => { e.preventDefault(); send({ type: 'ad.save' }); }}>
            <div className={styles.wide}>
              <label htmlFor="ad-image" className={styles.label}>{td.imageLabel}</label>
              <input
                id="ad-image"
                type="file"
                accept={IMAGE_TYPES.join(',')}
                aria-describedby="ad-image-help"
                disabled={saving || status !== 'ready'}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) send({ type: 'image.choose', file, name: file.name });
                  e.target.value = '';
                }}
              />
              <p id="ad-image-help" className={styles.help}>{td.imageHelp}</p>
              <div aria-live="polite">
                {reading ? <p role="status">{td.imageReading}</p> : null}
                {draft.image ? (
                  <p data-testid="ad-image-state" className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap', mt: '2' })}>
                    <img src={`data:${draft.image.contentType};base64,${draft.image.data}`} alt={td.imagePreview} className={styles.thumb} width={160} height={48} />
                    <span className={styles.url}>{td.imageChosen(draft.image.name)}</span>
                  </p>
                ) : null}
                {imageProblem ? <p role="alert" className={styles.error}>{td.imageProblems[imageProblem]}</p> : null}
              </div>
            </div>
            <div className={styles.wide}>
              <NativeTextField label={td.clickUrlLabel} type="url" value={draft.clickUrl} maxLength={2000} disabled={saving || status !== 'ready'} errorText={draft.clickUrl.trim() ? problems.clickUrl : undefined} onChange={(e) => send({ type: 'draft.change', field: 'clickUrl', value: e.target.value })} />
            </div>
            <NativeTextField label={td.orderLabel} inputMode="numeric" maxLength={5} value={draft.order} disabled={saving || status !== 'ready'} errorText={problems.order} onChange={(e) => send({ type: 'draft.change', field: 'order', value: e.target.value })} />
            <NativeTextField label={td.durationLabel} inputMode="numeric" maxLength={3} value={draft.duration} disabled={saving || status !== 'ready'} errorText={problems.duration} onChange={(e) => send({ type: 'draft.change', field: 'duration', value: e.target.value })} />
            <div className={styles.actions}>
              <Button type="submit" loading={saving} disabled={Object.keys(problems).length > 0 || reading}>{editing ? td.save : td.add}</Button>
              {editing ? <Button type="button" variant="secondary" disabled={saving || status !== 'ready'} onClick={() => send({ type: 'draft.clear' })}>{td.stopEditing}</Button> : null}
            </div>
          </form>
        </>
      ) : null}
      <Dialog
        open={confirming}
        role="alertdialog"
        onClose={() => send({ type: 'remove.cancel' })}
        title={td.removeTitle}
        actions={
          <>
            <Button variant="secondary" disabled={removing} onClick={() => send({ type: 'remove.cancel' })}>{t.cancel}</Button>
            <Button variant="danger" loading={removing} onClick={() => send({ type: 'remove.confirm' })}>{td.removeConfirm}</Button>
          </>
        }
      >
        {problem ? <p role="alert" className={styles.alert}>{problem}</p> : null}
        <p>{target ? td.removeBody(numberOf.get(target.id) ?? 0) : ''}</p>
      </Dialog>
    </Panel>
  );
}
