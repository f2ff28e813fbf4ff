import { useEffect, useState, type FormEvent } from 'react';
import { css } from '../../../styled-system/css';
import type { PaymentMethod } from '../../../machines/payment-methods/payment-methods.actors';
import { methodFullName } from '../../../machines/payment-methods/payment-methods.selectors';
import { isDepositCents } from '../../../machines/payment-method-verify/payment-method-verify.machine';
import { parseDollarInput } from '../../../core/rules/dollars';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { TextField } from '../text-field';
import { useSession } from '../../app/session';
import { paymentMethodTexts as t } from './texts';
import { usePaymentMethodVerify } from './use-payment-method-verify';

export interface VerifyPaymentMethodDialogProps {
  vendorId: string;
  locationId: string;
  method: PaymentMethod;
  onClose: () => void;
}

/** A typed deposit in dollars → cents when it is 0.01–0.99, else null. */
export function depositCents(text: string): number | null {
  const parsed = parseDollarInput(text);
  return parsed.ok && isDepositCents(parsed.cents) ? parsed.cents : null;
}

const form = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const alert = css({ color: 'danger', fontWeight: '600' });
const fields = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '3' });

/**
 * Micro-deposit verification: the two amounts in dollars (e.g. 0.32) → verify; wrong
 * amounts show the attempts left, too many wrong attempts say to contact the representative.
 */
export function VerifyPaymentMethodDialog({ vendorId, locationId, method, onClose }: VerifyPaymentMethodDialogProps) {
  const session = useSession();
  const verify = usePaymentMethodVerify(vendorId, locationId, method.id, session.paymentMethods(vendorId, locationId));
  const [amounts, setAmounts] = useState<[string, string]>(['', '']);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (verify.step === 'canceled') onClose();
  }, [verify.step, onClose]);

  const label = methodFullName(method);
  const cents = [depositCents(amounts[0]), depositCents(amounts[1])] as const;
  const close = () => (verify.step === 'verified' ? onClose() : verify.cancel());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (cents[0] !== null && cents[1] !== null) verify.submit([cents[0], cents[1]]);
  };

  if (verify.step === 'verified' || verify.step === 'locked') {
    return (
      <Dialog open role="alertdialog" title={t.verifyTitle(label)} onClose={close} actions={<Button onClick={close}>{t.close}</Button>}>
        <p role={verify.step === 'locked' ? 'alert' : 'status'}>{verify.step === 'locked' ? t.verifyLocked : t.verified}</p>
      </Dialog>
    );
  }

  const busy = verify.isBusy;
  return (
    <Dialog open={verify.step !== 'canceled'} title={t.verifyTitle(label)} onClose={() => { if (!busy) close(); }}>
      <form className={form} onSubmit={submit} noValidate>
        <p>{t.verifyIntro}</p>
        {verify.step === 'wrong' ? <p role="alert" className={alert}>{t.verifyWrong(verify.attemptsLeft)}</p> : null}
        {verify.step === 'failed' ? <p role="alert" className={alert}>{t.verifyFailed}</p> : null}
        <div className={fields}>
          {[0, 1].map((i) => (
            <TextField
              key={i}
              label={i === 0 ? t.amount1 : t.amount2}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              value={amounts[i]}
              onChange={(e) => setAmounts((a) => (i === 0 ? [e.target.value, a[1]] : [a[0], e.target.value]))}
              errorText={touched && cents[i] === null ? t.errAmount : undefined}
              disabled={busy}
            />
          ))}
        </div>
        <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '3', flexWrap: 'wrap' })}>
          <Button variant="secondary" onClick={close} disabled={busy}>{t.cancel}</Button>
          <Button type="submit" loading={busy}>{t.verifySubmit}</Button>
        </div>
      </form>
    </Dialog>
  );
}
