import { RadioGroup } from '@ark-ui/react/radio-group';
import { useState } from 'react';
import { useSettlingEffect } from '../settling-effect';
import { Link, useLocation } from 'react-router-dom';
import { css } from '../../../styled-system/css';
import type { PaymentMethod } from '../../../machines/payment-methods/payment-methods.actors';
import { paymentMethodLabel } from '../../../core/rules/invoices';
import { button } from '../button';
import { LoadingRegion, Skeleton } from '../reserved';
import { useSession } from '../../app/session';
import { DeletePaymentMethodDialog } from './delete-payment-method-dialog';
import { PaymentMethodTypeIcon, TrashIcon } from './payment-method-icon';
import { paymentMethodTexts as t } from './texts';
import { useNarrowLabels, usePaymentMethods } from './use-payment-methods';
import { VerifyPaymentMethodDialog } from './verify-payment-method-dialog';
import { paths } from '../../../core/rules/paths';

/** What the picker hands to its page: the chosen method (contract `PaymentMethod` fields the pay page needs). */
export type PickedPaymentMethod = Pick<PaymentMethod, 'id' | 'provider' | 'type' | 'displayExtra'>;

export interface PaymentMethodPickerProps {
  vendorId: string;
  locationId: string;
  /** The page's current choice; null/unknown falls back (spec §4) to the session's, the last used, then the first usable. */
  selectedId: string | null | undefined;
  /**
   * The method in use now (the AutoPay's, the plan's), shown as chosen while the page has chosen none: the picker then
   * reports it through `onSelect` like any fallback, so the page knows the method it shows (its terms, its fee).
   */
  currentId?: string | null;
  /** Called when the user picks a method, and when the fallback settles on one the page has not chosen yet. */
  onSelect: (method: PickedPaymentMethod) => void;
  /** Optional: called when no usable method is left for a page that still holds one (e.g. it was deleted). */
  onClear?: () => void;
}

/** The label of spec §9: 10 characters of the name (5 below 420 px) and the last four digits. */
export function methodLabel(method: Pick<PaymentMethod, 'displayExtra'>, narrow: boolean): string {
  return paymentMethodLabel(method.displayExtra.name, method.displayExtra.lastFour, narrow);
}


const styles = {
  root: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
  list: css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: '0', m: '0' }),
  row: css({
    display: 'flex', alignItems: 'center', gap: '2', borderWidth: '1px', borderColor: '#d5dae1', borderRadius: 'control', bg: 'white',
    px: { base: '2', sm: '3' }, py: '2', minHeight: '56px',
    '&:has([data-state=checked])': { borderColor: 'brand.600', boxShadow: '0 0 0 1px var(--colors-brand-600)' },
  }),
  item: css({
    display: 'flex', alignItems: 'center', gap: '3', flex: '1', minWidth: '0', cursor: 'pointer', py: '1',
    _disabled: { cursor: 'not-allowed' },
  }),
  control: css({
    flexShrink: 0, width: '20px', height: '20px', borderRadius: 'full', borderWidth: '2px', borderColor: '#6b7483', bg: 'white',
    _checked: { borderColor: 'brand.600', borderWidth: '6px' },
    _disabled: { borderColor: '#c4cad3', bg: 'canvas' },
    '[data-focus-visible] > &': { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '2px' },
  }),
  text: css({ display: 'flex', flexDirection: 'column', minWidth: '0', flex: '1', gap: '0.5' }),
  label: css({ display: 'flex', alignItems: 'center', gap: '2', fontWeight: '600', color: 'ink', whiteSpace: 'nowrap' }),
  note: css({ fontSize: 'sm', color: 'muted' }),
  badge: css({
    display: 'inline-block', fontSize: 'xs', fontWeight: '700', color: '#7a4b00', bg: '#fff4d6', borderWidth: '1px', borderColor: '#e9c46a',
    borderRadius: 'full', px: '2', py: '0.5', alignSelf: 'flex-start', lineHeight: '1.3',
  }),
  actions: css({ display: 'flex', alignItems: 'center', gap: '1', flexShrink: 0 }),
  iconButton: css({
    display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: '44px', height: '44px', borderRadius: 'control',
    color: 'muted', bg: 'transparent', cursor: 'pointer', borderWidth: '0',
    _hover: { color: 'danger', bg: '#fdecea' },
    _focusVisible: { outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '1px' },
  }),
  alert: css({ color: 'danger', fontWeight: '600' }),
  unusable: css({ fontSize: 'sm', color: 'danger', fontWeight: '600', whiteSpace: 'normal' }),
  add: css({ alignSelf: 'flex-start' }),
};

type OpenDialog = { kind: 'delete' | 'verify'; method: PaymentMethod } | null;

/**
 * The saved payment methods of a location as a radio list (spec §2 Click-to-pay "Payment Method"):
 * label per §9 with a type icon, the service-fee note for a card with a fee, a pending bank account
 * shown with "Pending verification" and a Verify action but not selectable (§4), a delete action
 * per method, and the "Add Payment Method" link. The list is the session's (shared with the
 * add-method page), so a new, verified or deleted method shows here without a reload.
 */
export function PaymentMethodPicker({ vendorId, locationId, selectedId, currentId, onSelect, onClear }: PaymentMethodPickerProps) {
  const session = useSession();
  const location = useLocation();
  const view = usePaymentMethods(vendorId, locationId);
  const narrow = useNarrowLabels();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const effective = view.initialLoad ? null : view.resolve(selectedId ?? currentId);
  const base = paths.location({ token: session.token, vendorId, locationId });

  // Tell the page about the fallback choice (last used, then first) or a method created meanwhile — part of how the
  // page arrives, so also when the server renders its first screen (a settling effect).
  const settled = view.status !== 'loading';
  useSettlingEffect(() => {
    if (effective && effective.id !== selectedId) onSelect(effective);
    else if (!effective && selectedId && settled) onClear?.();
  }, [effective, selectedId, onSelect, onClear, settled]);

  // Pages wait for the methods before they show the picker (usePaymentMethodsLoading); should one not, a method row and
  // the add link stand in, never a spinner of another size.
  if (view.initialLoad) {
    return (
      <LoadingRegion label={t.loading} className={styles.root}>
        <Skeleton height={56} />
        <Skeleton height={36} width={180} />
      </LoadingRegion>
    );
  }

  const choose = (id: string | null) => {
    const method = view.choose(id);
    if (method) onSelect(method);
  };

  return (
    <div className={styles.root}>
      {view.status === 'failed' ? (
        <div role="alert" className={styles.alert}>
          <p>{t.loadFailed}</p>
          <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={view.refresh}>{t.retry}</button>
        </div>
      ) : null}
      {view.status !== 'failed' && view.methods.length === 0 ? <p className={styles.note}>{t.empty}</p> : null}
      {view.methods.length > 0 ? (
        <RadioGroup.Root value={effective?.id ?? null} onValueChange={(d) => choose(d.value)} className={styles.root}>
          <RadioGroup.Label style={srOnly}>{t.pickerLabel}</RadioGroup.Label>
          <ul className={styles.list}>
            {view.rows.map(({ method, usable, pending, unusable, fee, fullName }) => {
              const label = methodLabel(method, narrow);
              return (
                <li key={method.id} className={styles.row} data-testid="payment-method-row">
                  <RadioGroup.Item value={method.id} disabled={!usable} className={styles.item}>
                    <RadioGroup.ItemControl className={styles.control} />
                    <span className={styles.text}>
                      <RadioGroup.ItemText className={styles.label} title={fullName}>
                        <PaymentMethodTypeIcon type={method.type} />
                        <span style={srOnly}>{method.type === 'CC' ? t.card : t.bankAccount}</span>
                        <span>{label}</span>
                      </RadioGroup.ItemText>
                      {pending ? <span className={styles.badge}>{t.pending}</span> : null}
                      {unusable ? <span className={styles.unusable} data-testid="payment-method-unusable">{unusable}</span> : null}
                      {fee ? <span className={styles.note}>{t.serviceFeeNote(fee)}</span> : null}
                    </span>
                    <RadioGroup.ItemHiddenInput />
                  </RadioGroup.Item>
                  <span className={styles.actions}>
                    {pending ? (
                      <button
                        type="button"
                        className={button({ variant: 'secondary', size: 'sm' })}
                        aria-label={`${t.verify} ${fullName}`}
                        onClick={() => setDialog({ kind: 'verify', method })}
                      >
                        {t.verify}
                      </button>
                    ) : null}
                    <button
                      type="button"
                      className={styles.iconButton}
                      aria-label={`${t.delete} ${fullName}`}
                      title={t.delete}
                      onClick={() => setDialog({ kind: 'delete', method })}
                    >
                      <TrashIcon />
                    </button>
                  </span>
                </li>
              );
            })}
          </ul>
        </RadioGroup.Root>
      ) : null}
      <Link
        to={paths.newPaymentMethod(base)}
        state={{ returnTo: location.pathname }}
        className={`${button({ variant: 'secondary', size: 'sm' })} ${styles.add}`}
      >
        {t.addMethod}
      </Link>
      {dialog?.kind === 'delete' ? (
        <DeletePaymentMethodDialog key={dialog.method.id} vendorId={vendorId} locationId={locationId} method={dialog.method} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'verify' ? (
        <VerifyPaymentMethodDialog key={dialog.method.id} vendorId={vendorId} locationId={locationId} method={dialog.method} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}

const srOnly = {
  position: 'absolute', width: '1px', height: '1px', padding: 0, margin: '-1px', overflow: 'hidden', clip: 'rect(0, 0, 0, 0)', whiteSpace: 'nowrap', borderWidth: 0,
} as const;
