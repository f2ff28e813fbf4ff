import { RadioGroup } from '@ark-ui/react/radio-group';
import { Tabs } from '@ark-ui/react/tabs';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { css } from '../../../styled-system/css';
import type { HostedFieldsPort } from '../../../core/api/hosted-fields-protocol';
import type { CreateRequest } from '../../../machines/payment-method-create/payment-method-create.actors';
import { Button, button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Page } from '../../ui/page';
import { LoadingRegion, Skeleton } from '../../ui/reserved';
import { TextField } from '../../ui/text-field';
import { LocationPage } from '../../app/location-page';
import type { LocationContextView } from '../../app/use-location-context';
import { useSession } from '../../app/session';
import {
  bankExtraProblems, cardExtraProblems, emptyBankExtra, emptyCardExtra, failureHint, failureText, feeModalBody, feeModalTitle, fixedCardKind, toBankExtra, toCardExtra,
  type BankExtraValues, type CardExtraValues, type CardKind, type Problems,
} from './form-rules';
import { paymentMethodTexts as t } from '../../ui/payment-methods/texts';
import { usePaymentMethodCreate } from './use-payment-method-create';
import { usePaymentMethods } from '../../ui/payment-methods/use-payment-methods';
import { HostedFields, HostedFieldsPlaceholder } from '../../ui/payment-methods/hosted-fields-frame';

const styles = {
  title: css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: '700', lineHeight: '1.2', mb: '6' }),
  tabList: css({ display: 'flex', gap: '1', borderBottomWidth: '1px', borderColor: '#d5dae1', mb: '5', position: 'relative' }),
  trigger: css({
    minHeight: '44px', px: '4', fontWeight: '600', color: 'muted', bg: 'transparent', cursor: 'pointer', borderBottomWidth: '3px', borderColor: 'transparent',
    _selected: { color: 'brand.700', borderColor: 'brand.600' },
    _focusVisible: { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '-3px' },
    _disabled: { cursor: 'not-allowed', opacity: 0.5 },
  }),
  form: css({ display: 'flex', flexDirection: 'column', gap: '4', bg: 'white', borderRadius: 'card', borderWidth: '1px', borderColor: '#e3e7ec', p: { base: '4', md: '6' } }),
  grid: css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'flex-end', alignItems: 'center' }),
  alert: css({ borderWidth: '1px', borderColor: '#f4c7c3', bg: '#fdecea', color: 'danger', borderRadius: 'control', p: '3', display: 'flex', flexDirection: 'column', gap: '1' }),
  strong: css({ fontWeight: '700' }),
  note: css({ fontSize: 'sm', color: 'muted' }),
  radioRoot: css({ display: 'flex', flexDirection: 'column', gap: '2' }),
  radioLabel: css({ fontWeight: '600', fontSize: 'sm' }),
  radioItems: css({ display: 'flex', gap: '4', flexWrap: 'wrap' }),
  radioItem: css({ display: 'inline-flex', alignItems: 'center', gap: '2', minHeight: '44px', cursor: 'pointer' }),
  radioControl: css({
    width: '20px', height: '20px', borderRadius: 'full', borderWidth: '2px', borderColor: '#6b7483', bg: 'white',
    _checked: { borderColor: 'brand.600', borderWidth: '6px' },
    '[data-focus-visible] > &': { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '2px' },
  }),
};

/** Where a created method sends the customer: back where they came from under this location (navigation state), else the location base. */
export function returnPath(state: unknown, base: string): string {
  const to = (state as { returnTo?: unknown } | null)?.returnTo;
  return typeof to === 'string' && to.startsWith(`${base}/`) && !to.startsWith(`${base}/paymentmethods`) ? to : base;
}

function FailureAlert({ kind, code, onRetry, onDismiss }: { kind: 'CC' | 'ACH' | null; code: string | null; onRetry?: () => void; onDismiss?: () => void }) {
  return (
    <div className={styles.alert}>
      <div role="alert" className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
        <span className={styles.strong}>{failureText(kind)}</span>
        <span>{failureHint(code)}</span>
      </div>
      {onRetry || onDismiss ? (
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', mt: '1' })}>
          {onRetry ? <Button size="sm" variant="secondary" onClick={onRetry}>{t.retry}</Button> : null}
          {onDismiss ? <Button size="sm" variant="ghost" onClick={onDismiss}>{t.dismiss}</Button> : null}
        </div>
      ) : null}
    </div>
  );
}

type Field<T> = { name: keyof T & string; label: string; autoComplete?: string; inputMode?: 'numeric' | 'text'; placeholder?: string; maxLength?: number };

function useFormState<T extends object>(initial: T, check: (v: T) => Problems<T>) {
  const [values, setValues] = useState<T>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({});
  const problems = check(values);
  const field = (f: Field<T>, disabled: boolean): ReactNode => (
    <TextField
      key={f.name}
      name={f.name}
      label={f.label}
      autoComplete={f.autoComplete}
      inputMode={f.inputMode}
      placeholder={f.placeholder}
      maxLength={f.maxLength}
      value={String(values[f.name] ?? '')}
      disabled={disabled}
      onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
      onBlur={() => setTouched((x) => ({ ...x, [f.name]: true }))}
      errorText={touched[f.name] ? problems[f.name] : undefined}
    />
  );
  const touchAll = () => setTouched(Object.fromEntries(Object.keys(values).map((k) => [k, true])) as Partial<Record<keyof T, boolean>>);
  return { values, problems, field, touchAll, valid: Object.keys(problems).length === 0 };
}

/** The hosted fields frame's port: null until the frame listens (the submit button waits for it). */
function useHostedPort() {
  const [port, setPort] = useState<HostedFieldsPort | null>(null);
  return { port, onPort: setPort };
}

interface HostedFrame {
  /** `hostedFieldsUrl` of the list: the payments origin's page */
  src: string;
  jwt: string | null;
}

function CardForm({ provider, frame, busy, onSubmit, kindChoice, kind, onKind, failure }: {
  provider: string;
  frame: HostedFrame;
  busy: boolean;
  onSubmit: (request: CreateRequest) => void;
  kindChoice: boolean;
  kind: CardKind;
  onKind: (kind: CardKind) => void;
  failure: ReactNode;
}) {
  const form = useFormState<CardExtraValues>(emptyCardExtra, cardExtraProblems);
  const { port, onPort } = useHostedPort();
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    form.touchAll();
    if (form.valid && port && !busy) onSubmit({ kind: 'CC', provider, extra: toCardExtra(form.values), port });
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t.tabCard}>
      {/* the card itself first (number, expiry, CVC, name, billing), then the optional details about it */}
      <HostedFields src={frame.src} kind="CC" provider={provider} jwt={frame.jwt} title={t.hostedCardTitle} onSubmit={() => submit()} onPort={onPort} />
      <div className={styles.grid}>
        {form.field({ name: 'nickname', label: t.nickname, maxLength: 50 }, busy)}
        {form.field({ name: 'tin', label: t.tin, inputMode: 'numeric', maxLength: 11 }, busy)}
      </div>
      {kindChoice ? (
        <RadioGroup.Root className={styles.radioRoot} value={kind} onValueChange={(d) => onKind((d.value as CardKind) ?? null)} disabled={busy}>
          <RadioGroup.Label className={styles.radioLabel}>{t.cardKind}</RadioGroup.Label>
          <div className={styles.radioItems}>
            {(['credit', 'debit'] as const).map((k) => (
              <RadioGroup.Item key={k} value={k} className={styles.radioItem}>
                <RadioGroup.ItemControl className={styles.radioControl} />
                <RadioGroup.ItemText>{k === 'credit' ? t.cardKindCredit : t.cardKindDebit}</RadioGroup.ItemText>
                <RadioGroup.ItemHiddenInput />
              </RadioGroup.Item>
            ))}
          </div>
        </RadioGroup.Root>
      ) : null}
      {failure}
      <div className={styles.actions}>
        <Button type="submit" loading={busy} disabled={!port}>{busy ? t.saving : t.saveCard}</Button>
      </div>
    </form>
  );
}

function BankForm({ provider, frame, busy, onSubmit, failure }: {
  provider: string;
  frame: HostedFrame;
  busy: boolean;
  onSubmit: (request: CreateRequest) => void;
  failure: ReactNode;
}) {
  const form = useFormState<BankExtraValues>(emptyBankExtra, bankExtraProblems);
  const { port, onPort } = useHostedPort();
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    form.touchAll();
    if (form.valid && port && !busy) onSubmit({ kind: 'ACH', provider, extra: toBankExtra(form.values), port });
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t.tabBank}>
      {form.field({ name: 'name', label: t.bankName, maxLength: 50 }, busy)}
      <HostedFields src={frame.src} kind="ACH" provider={provider} jwt={frame.jwt} title={t.hostedBankTitle} onSubmit={() => submit()} onPort={onPort} />
      <p className={styles.note}>{t.bankVerifyNote}</p>
      {failure}
      <div className={styles.actions}>
        <Button type="submit" loading={busy} disabled={!port}>{busy ? t.saving : t.saveBank}</Button>
      </div>
    </form>
  );
}

function NewMethodForms({ vendorId, locationId, base, vendorOptions }: { vendorId: string; locationId: string; base: string; vendorOptions: readonly string[] }) {
  const session = useSession();
  const navigate = useNavigate();
  const routerLocation = useLocation();
  const methods = usePaymentMethods(vendorId, locationId);
  const { card, bank } = methods.providers;
  const listRef = session.paymentMethods(vendorId, locationId);
  const create = usePaymentMethodCreate({ vendorId, locationId, serviceFees: methods.serviceFees }, listRef, () =>
    navigate(returnPath(routerLocation.state, base), { replace: true }));
  // Creating from an existing token (e.g. handed back by a provider's hosted flow in the navigation state) skips tokenizing.
  const existingKey = (routerLocation.state as { paymentMethodKey?: unknown } | null)?.paymentMethodKey;
  useEffect(() => {
    if (typeof existingKey === 'string' && existingKey) create.submitKey(existingKey);
    // Once per page visit: the key is one-time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [tab, setTab] = useState<'card' | 'bank'>(card ? 'card' : 'bank');
  const fixedKind = fixedCardKind(vendorOptions);
  const [chosenKind, setChosenKind] = useState<CardKind>(null);
  const kind: CardKind = fixedKind === 'choice' ? chosenKind : fixedKind;

  const inlineFailure = (forKind: 'CC' | 'ACH') =>
    create.failureShownIn === 'form' && create.kind === forKind ? <FailureAlert kind={create.kind} code={create.code} onRetry={create.retry} onDismiss={create.dismiss} /> : null;
  const busy = create.isBusy;
  const frame: HostedFrame = { src: methods.hostedFieldsUrl ?? '', jwt: methods.paymentMethodsJwt };

  if (!card && !bank) return <p role="alert">{t.noProviders}</p>;

  return (
    <>
      {create.failureShownIn === 'page' ? (
        <div className={css({ mb: '4' })}><FailureAlert kind={null} code={create.code} onDismiss={create.dismiss} /></div>
      ) : null}
      {/* lazyMount: a tab's hosted fields frame loads when the tab is first shown, not both on arrival; it stays
          mounted afterwards, so what was typed in it survives switching tabs */}
      <Tabs.Root value={tab} onValueChange={(d) => setTab(d.value as 'card' | 'bank')} lazyMount>
        <Tabs.List className={styles.tabList} aria-label={t.tabsLabel}>
          <Tabs.Trigger value="card" className={styles.trigger} disabled={!card}>{t.tabCard}</Tabs.Trigger>
          <Tabs.Trigger value="bank" className={styles.trigger} disabled={!bank}>{t.tabBank}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="card">
          {card ? (
            <CardForm
              provider={card}
              frame={frame}
              busy={busy}
              onSubmit={create.submit}
              kindChoice={fixedKind === 'choice'}
              kind={chosenKind}
              onKind={setChosenKind}
              failure={inlineFailure('CC')}
            />
          ) : <p>{t.noCardProvider}</p>}
        </Tabs.Content>
        <Tabs.Content value="bank">
          {bank ? <BankForm provider={bank} frame={frame} busy={busy} onSubmit={create.submit} failure={inlineFailure('ACH')} /> : <p>{t.noBankProvider}</p>}
        </Tabs.Content>
      </Tabs.Root>
      <div className={css({ mt: '4' })}>
        <Link to={returnPath(routerLocation.state, base)} className={button({ variant: 'ghost' })}>{t.back}</Link>
      </div>
      <Dialog
        open={create.feeModalOpen}
        role="alertdialog"
        title={feeModalTitle(kind, create.funding)}
        onClose={create.cancelFee}
        actions={
          <>
            <Button variant="secondary" disabled={busy} onClick={create.cancelFee}>{t.cancel}</Button>
            <Button loading={busy} onClick={create.confirmFee}>{t.confirm}</Button>
          </>
        }
      >
        <p>{feeModalBody(create.feePercent, create.funding)}</p>
        {create.failureShownIn === 'feeModal' ? <FailureAlert kind={create.kind} code={create.code} /> : null}
      </Dialog>
    </>
  );
}

/**
 * The page while the methods load: the tab list and the card form's box with the frame's exact reserved height (the
 * first thing in the Card tab), so the loaded page takes its place without moving what was painted (the footer was
 * pushed out of view by the loaded form: CLS 0.12 at 375 px with a spinner here).
 */
function FormsSkeleton() {
  return (
    <LoadingRegion label={t.loading}>
      <div className={styles.tabList}>
        <Skeleton width={72} height={44} />
        <Skeleton width={140} height={44} />
      </div>
      <div className={styles.form}>
        <HostedFieldsPlaceholder kind="CC" />
        <Skeleton height={68} />
      </div>
    </LoadingRegion>
  );
}

function NewMethodContent({ vendorId, locationId, base, context }: { vendorId: string; locationId: string; base: string; context: LocationContextView }) {
  const methods = usePaymentMethods(vendorId, locationId);
  return (
    <Page>
      <h1 className={styles.title}>
        {t.newTitle}{' '}
        {context.location ? <span className={css({ color: 'brand.700' })}>{context.location.displayName}</span> : null}
      </h1>
      {methods.status === 'loading' || context.status === 'loading' ? (
        <FormsSkeleton />
      ) : methods.status === 'failed' ? (
        <div role="alert" className={styles.alert}>
          <span>{t.loadFailed}</span>
          <Button variant="secondary" size="sm" onClick={methods.refresh}>{t.retry}</Button>
        </div>
      ) : (
        <NewMethodForms vendorId={vendorId} locationId={locationId} base={base} vendorOptions={context.vendor?.paymentMethodConfig.options ?? []} />
      )}
    </Page>
  );
}

/**
 * Add a payment method (spec §2, lazy route `.../paymentmethods/new`): Card and Bank Account tabs; the card and bank
 * numbers are typed in the payments origin's hosted fields frame (this page never holds them), the page keeps
 * only the nickname, TIN and card type; the provider is the first card / bank provider of the location's
 * `clientFlowInfo` (its enabled payment configs); a card with a service fee asks "Add … Card?"
 * first. Success selects the new method and goes back (to click-to-pay when it came from there).
 */
export default function NewPaymentMethodPage() {
  return (
    <LocationPage page="none">
      {({ vendorId, locationId, base, context }) => <NewMethodContent key={`${vendorId}/${locationId}`} vendorId={vendorId} locationId={locationId} base={base} context={context} />}
    </LocationPage>
  );
}
