import { useActorRef, useSelector } from '@xstate/react';
import { memo, useMemo } from 'react';
import { css } from '../../styled-system/css';
import { formatCurrency } from '../../core/rules/dollars';
import { serviceFeeCents } from '../../core/rules/fees';
import type { FeatureFlagName } from '../../machines/console-settings/console-settings.actors';
import {
  cardProviders,
  consoleSettingsMachine,
  draftProblems,
  FEATURE_FLAGS,
  FLAGS_ON_BY_DEFAULT,
  flagOn,
  IMAGE_TYPES,
  patchOf,
  type FlagChoice,
  type SettingsDraft,
  type SettingsField,
} from '../../machines/console-settings/console-settings.machine';
import { Button } from '../ui/button';
import { NativeTextField } from '../ui/native-text-field';
import { ConsoleSession } from './frame';
import { ConsolePage, Panel, Placeholder } from './layout';
import { consoleTexts } from './texts';
import { monogram } from '../../core/rules/monogram';

const t = consoleTexts.settings;

const styles = {
  grid: css({ display: 'grid', gap: '5', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }),
  form: css({ display: 'flex', flexDirection: 'column', gap: '5' }),
  fieldset: css({ border: '0', p: '0', m: '0', minWidth: '0', display: 'flex', flexDirection: 'column', gap: '4' }),
  legend: css({ fontSize: 'lg', fontWeight: '700', mb: '3', p: '0' }),
  two: css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }),
  label: css({ fontWeight: '600', display: 'block', mb: '1' }),
  control: css({ width: '100%', minHeight: '44px', px: '2', borderRadius: 'control', borderWidth: '1px', borderColor: '#8a94a3', bg: 'white', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' }, _disabled: { bg: '#f3f5f8', color: 'muted' } }),
  help: css({ color: 'muted', fontSize: 'sm', mt: '1' }),
  error: css({ color: 'danger', fontSize: 'sm', fontWeight: '600', mt: '1' }),
  alert: css({ color: 'danger', fontWeight: '600' }),
  notice: css({ color: 'success', fontWeight: '600' }),
  flags: css({ display: 'grid', gap: '3', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }),
  check: css({ display: 'flex', alignItems: 'center', gap: '3', minHeight: '44px', '& input': { width: '22px', height: '22px', flexShrink: 0 } }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' }),
  logoRow: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4' }),
  file: css({ maxWidth: '100%', minHeight: '44px' }),
  preview: css({ position: { lg: 'sticky' }, top: { lg: '4' } }),
  portal: css({ borderWidth: '1px', borderColor: 'line', borderRadius: 'control', overflow: 'hidden', bg: '#f6f8fb' }),
  portalHeader: css({ display: 'flex', alignItems: 'center', gap: '3', bg: 'white', borderBottomWidth: '1px', borderColor: 'line', p: '3', minHeight: '72px' }),
  portalName: css({ fontWeight: '700', overflowWrap: 'anywhere' }),
  portalBody: css({ p: '3', display: 'flex', flexDirection: 'column', gap: '3', fontSize: 'sm' }),
  sampleTable: css({ width: '100%', borderCollapse: 'collapse', bg: 'white', '& th, & td': { textAlign: 'left', p: '2', borderBottomWidth: '1px', borderColor: 'line', whiteSpace: 'nowrap' }, '& th': { fontWeight: '700' } }),
  tableScroll: css({ overflowX: 'auto', _focusVisible: { outline: '3px solid', outlineColor: 'brand.500' } }),
  monogram: css({ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', borderRadius: 'control', bg: 'brand.700', color: 'white', fontWeight: '700', flexShrink: 0, width: '48px', height: '48px', fontSize: 'lg' }),
  logo: css({ maxHeight: '48px', maxWidth: '180px', objectFit: 'contain' }),
};

/** `/console/settings`: the vendor's settings, changed by admins, with a preview of the customer's portal. */
export function SettingsPage() {
  const session = ConsoleSession.useSelector((s) => s.context.session);
  if (!session) return <ConsolePage title={t.title}><Placeholder label={t.loading} heights={[240]} /></ConsolePage>;
  return <Settings editable={session.user.role === 'admin'} />;
}

function Settings({ editable }: { editable: boolean }) {
  const actor = useActorRef(consoleSettingsMachine, { input: { editable } });
  const send = actor.send;
  const status = useSelector(actor, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const settings = useSelector(actor, (s) => s.context.settings);
  const draft = useSelector(actor, (s) => s.context.draft);
  const logoProblem = useSelector(actor, (s) => s.context.logoProblem);
  const problem = useSelector(actor, (s) => s.context.problem);
  const notice = useSelector(actor, (s) => s.context.notice);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const reading = useSelector(actor, (s) => s.matches('readingLogo'));

  const problems = useMemo(() => draftProblems(draft), [draft]);
  const changed = settings ? Object.keys(patchOf(settings, draft)).length > 0 : false;
  // The zone list's ~400 options as elements made once per chosen zone: every keystroke in another field re-renders the
  // page, and the same elements let React skip them instead of creating and comparing 400 options again.
  const timeZoneOptions = useMemo(() => {
    const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    const listed = draft.timeZone && !zones.includes(draft.timeZone) ? [draft.timeZone, ...zones] : zones;
    return listed.map((z) => <option key={z} value={z}>{z.replaceAll('_', ' ')}</option>);
  }, [draft.timeZone]);

  if (status !== 'ready' || !settings) {
    return (
      <ConsolePage title={t.title}>
        <Panel>
          {status === 'failed' ? (
            <>
              <p role="alert" className={styles.alert}>{t.loadFailed}</p>
              <Button onClick={() => send({ type: 'settings.retry' })}>{t.retry}</Button>
            </>
          ) : (
            <Placeholder label={t.loading} heights={[44, 44, 44, 200]} />
          )}
        </Panel>
      </ConsolePage>
    );
  }

  const field = (name: SettingsField) => ({
    value: draft[name],
    errorText: problems[name],
    onChange: (e: { target: { value: string } }) => send({ type: 'field.change', field: name, value: e.target.value }),
  });
  const cards = cardProviders(settings);
  const savedLogo = settings.logoUrl;

  return (
    <ConsolePage title={t.title}>
      <div className={styles.grid}>
        <form
          className={styles.form}
          aria-label={t.title}
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'settings.save' });
          }}
        >
          {editable ? null : <p role="note" className={css({ fontWeight: '600' })}>{t.readOnly}</p>}
          <Panel>
            <fieldset className={styles.fieldset} disabled={!editable || saving}>
              <legend className={styles.legend}>{t.brandingTitle}</legend>
              <NativeTextField label={t.displayName} maxLength={200} {...field('displayName')} />
              <NativeTextField label={t.appName} maxLength={50} helperText={t.appNameHelp} {...field('appName')} />
              <div>
                <span className={styles.label} id="logo-title">{t.logoTitle}</span>
                <div className={styles.logoRow} aria-labelledby="logo-title" role="group">
                  <div aria-live="polite" className={css({ flex: '1 1 240px' })}>
                    {reading ? <p role="status">{t.logoReading}</p> : draft.logo.kind === 'new' ? <p data-testid="logo-state">{t.logoNew(draft.logo.image.name)}</p> : draft.logo.kind === 'remove' ? <p data-testid="logo-state">{t.logoRemoved}</p> : savedLogo ? null : <p data-testid="logo-state">{t.logoNone}</p>}
                    {logoProblem ? <p role="alert" className={styles.error}>{t.logoProblems[logoProblem]}</p> : null}
                  </div>
                  {editable ? (
                    <label className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
                      <span className={styles.label}>{t.logoChoose}</span>
                      <input
                        type="file"
                        className={styles.file}
                        accept={IMAGE_TYPES.join(',')}
                        aria-describedby="logo-help"
                        onChange={(e) => {
                          const file = e.target.files?.[0];
                          if (file) send({ type: 'logo.choose', file, name: file.name });
                          e.target.value = '';
                        }}
                      />
                    </label>
                  ) : null}
                </div>
                <p id="logo-help" className={styles.help}>{t.logoHelp}</p>
                {editable && (draft.logo.kind === 'new' || (draft.logo.kind === 'keep' && savedLogo)) ? (
                  <Button variant="ghost" type="button" onClick={() => send({ type: 'logo.remove' })}>{t.logoRemove}</Button>
                ) : null}
                {editable && draft.logo.kind === 'remove' ? <Button variant="ghost" type="button" onClick={() => send({ type: 'logo.keep' })}>{savedLogo ? t.logoKeep : t.logoChoose}</Button> : null}
              </div>
            </fieldset>
          </Panel>

          <Panel>
            <fieldset className={styles.fieldset} disabled={!editable || saving}>
              <legend className={styles.legend}>{t.paymentsTitle}</legend>
              {cards.length === 0 ? <p>{t.noCards}</p> : cards.map((c) => (
                <NativeTextField
                  key={c.provider}
                  label={t.fee(t.providers[c.provider] ?? c.provider)}
                  inputMode="decimal"
                  maxLength={6}
                  value={draft.fees[c.provider] ?? ''}
                  errorText={problems[`fee.${c.provider}`]}
                  helperText={t.feeHelp}
                  onChange={(e) => send({ type: 'fee.change', provider: c.provider, value: e.target.value })}
                />
              ))}
              <div className={styles.two}>
                <NativeTextField label={t.c2pDays} inputMode="numeric" maxLength={3} helperText={t.daysHelp} {...field('c2pPaymentDays')} />
                <NativeTextField label={t.autopayDays} inputMode="numeric" maxLength={3} helperText={t.daysHelp} {...field('autoPayStartDateTimeFrame')} />
              </div>
            </fieldset>
          </Panel>

          <Panel>
            <fieldset className={styles.fieldset} disabled={!editable || saving}>
              <legend className={styles.legend}>{t.cutoffTitle}</legend>
              <div className={styles.two}>
                <div>
                  <label htmlFor="cutoff-hour" className={styles.label}>{t.cutoffHour}</label>
                  <select id="cutoff-hour" className={styles.control} value={draft.cutoffHour} aria-describedby="cutoff-help" onChange={(e) => send({ type: 'field.change', field: 'cutoffHour', value: e.target.value })}>
                    {Array.from({ length: 24 }, (_, h) => <option key={h} value={String(h)}>{t.hour(h)}</option>)}
                  </select>
                </div>
                <div>
                  <label htmlFor="time-zone" className={styles.label}>{t.timeZone}</label>
                  <select id="time-zone" className={styles.control} value={draft.timeZone} onChange={(e) => send({ type: 'field.change', field: 'timeZone', value: e.target.value })}>
                    {timeZoneOptions}
                  </select>
                </div>
              </div>
              <p id="cutoff-help" className={styles.help}>{t.cutoffHelp}</p>
            </fieldset>
          </Panel>

          <Panel>
            <fieldset className={styles.fieldset} disabled={!editable || saving}>
              <legend className={styles.legend}>{t.flagsTitle}</legend>
              <p className={styles.help}>{t.flagsHelp}</p>
              <div className={styles.flags}>
                {FEATURE_FLAGS.map((flag) => <FlagSelect key={flag} flag={flag} value={draft.flags[flag]} onChange={(value) => send({ type: 'flag.change', flag, value })} />)}
              </div>
            </fieldset>
          </Panel>

          <Panel>
            <fieldset className={styles.fieldset} disabled={!editable || saving}>
              <legend className={styles.legend}>{t.columnsTitle}</legend>
              <label className={styles.check}>
                <input type="checkbox" checked={draft.shipTo} onChange={(e) => send({ type: 'shipTo.change', value: e.target.checked })} />
                <span>{t.shipTo}</span>
              </label>
            </fieldset>
          </Panel>

          {editable ? (
            <div className={styles.actions}>
              <Button type="submit" loading={saving} disabled={!changed || Object.keys(problems).length > 0 || reading}>{t.save}</Button>
              <Button type="button" variant="secondary" disabled={!changed || saving} onClick={() => send({ type: 'draft.reset' })}>{t.reset}</Button>
              <div aria-live="polite" className={css({ flex: '1 1 240px' })}>
                {notice ? <p role="status" className={styles.notice}>{t.saved}</p> : null}
                {problem ? <p role="alert" className={styles.alert}>{problem}</p> : null}
                {!notice && !problem && changed && Object.keys(problems).length > 0 ? <p className={styles.help}>{t.fixFirst}</p> : null}
              </div>
            </div>
          ) : null}
        </form>

        <aside className={styles.preview} aria-labelledby="preview-title">
          <Panel>
            <h2 id="preview-title" className={styles.legend}>{t.previewTitle}</h2>
            <p className={styles.help}>{t.previewIntro}</p>
            <Preview draft={draft} savedLogo={savedLogo} providers={cards.map((c) => c.provider)} />
          </Panel>
        </aside>
      </div>
    </ConsolePage>
  );
}

const FlagSelect = memo(function FlagSelect({ flag, value, onChange }: { flag: FeatureFlagName; value: FlagChoice; onChange: (value: FlagChoice) => void }) {
  const id = `flag-${flag}`;
  return (
    <div>
      <label htmlFor={id} className={styles.label}>{t.flags[flag]}</label>
      <select id={id} className={styles.control} value={value} onChange={(e) => onChange(e.target.value as FlagChoice)}>
        <option value="default">{t.flagDefault(FLAGS_ON_BY_DEFAULT.includes(flag))}</option>
        <option value="on">{t.flagChoices.on}</option>
        <option value="off">{t.flagChoices.off}</option>
      </select>
    </div>
  );
});


/** The customer's portal as the draft would show it: header with logo, the invoice table's columns, the card fee, the dates. */
function Preview({ draft, savedLogo, providers }: { draft: SettingsDraft; savedLogo: string | null; providers: string[] }) {
  const name = draft.displayName.trim() || '—';
  const logoSrc = draft.logo.kind === 'new' ? `data:${draft.logo.image.contentType};base64,${draft.logo.image.data}` : draft.logo.kind === 'keep' ? savedLogo : null;
  const c = t.previewColumns;
  const sample = t.previewSample;
  const columns = [
    ['invoice', true], ['dueDate', true], ['amount', true],
    ['poRef', flagOn(draft, 'displayInvoicePoRefId')], ['invoiceDate', flagOn(draft, 'displayExternalInvoiceDate')], ['shipTo', draft.shipTo],
  ] as const;
  const shown = columns.filter(([, on]) => on).map(([id]) => id);
  const problems = draftProblems(draft);
  const fees = providers
    .filter((p) => !problems[`fee.${p}`] && (draft.fees[p] ?? '').trim() !== '')
    .map((p) => {
      const fee = serviceFeeCents(10000, draft.fees[p]!.trim());
      return t.previewCard(t.providers[p] ?? p, formatCurrency(fee), formatCurrency(10000 + fee));
    });
  const hour = Number(draft.cutoffHour);
  return (
    <div className={styles.portal} data-testid="settings-preview">
      <div className={styles.portalHeader}>
        {logoSrc ? <img src={logoSrc} alt={t.previewLogo(name)} className={styles.logo} /> : <span role="img" aria-label={t.previewLogo(name)} className={styles.monogram}>{monogram(name)}</span>}
        <span className={styles.portalName}>{name}</span>
      </div>
      <div className={styles.portalBody}>
        <div className={styles.tableScroll} role="region" aria-label={t.previewInvoices} tabIndex={0}>
          <table className={styles.sampleTable} aria-label={t.previewInvoices}>
            <thead><tr>{shown.map((id) => <th key={id} scope="col">{c[id]}</th>)}</tr></thead>
            <tbody><tr>{shown.map((id) => <td key={id}>{sample[id]}</td>)}</tr></tbody>
          </table>
        </div>
        {fees.length > 0 ? fees.map((f) => <p key={f}>{f}</p>) : <p>{t.previewNoFee}</p>}
        {!problems.c2pPaymentDays ? <p>{t.previewDays(draft.c2pPaymentDays || '30')}</p> : null}
        {!problems.cutoffHour && draft.timeZone ? <p>{t.previewCutoff(t.hour(hour), draft.timeZone.replaceAll('_', ' '))}</p> : null}
        {!problems.appName ? <p>{t.previewPdf(draft.appName.trim())}</p> : null}
      </div>
    </div>
  );
}
