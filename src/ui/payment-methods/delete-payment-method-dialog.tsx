import { useEffect } from 'react';
import { css } from '../../../styled-system/css';
import type { PaymentMethod } from '../../../machines/payment-methods/payment-methods.actors';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { useLocationContext } from '../../app/use-location-context';
import { useSession } from '../../app/session';
import { dollars, shortDate } from '../../../core/rules/display';
import { paymentMethodTexts as t } from './texts';
import { usePaymentMethodDelete } from './use-payment-method-delete';

export interface DeletePaymentMethodDialogProps {
  vendorId: string;
  locationId: string;
  method: PaymentMethod;
  onClose: () => void;
}

const list = css({ listStyle: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column', gap: '1', mt: '2' });
const item = css({ display: 'flex', justifyContent: 'space-between', gap: '3', fontSize: 'sm', borderBottomWidth: '1px', borderColor: '#e3e7ec', py: '1' });
const alert = css({ color: 'danger', fontWeight: '600' });

/**
 * The delete modal of spec §2/§4: names the method (name and last four), lists the scheduled
 * payments that use it and says that deleting cancels them (the server cancels them with the method
 * on confirm; no list when the usage check failed), refuses with a contact-your-
 * representative message when AutoPay or a payment plan uses it, and says
 * "Could not delete {card name} {last four}." when the delete fails.
 */
export function DeletePaymentMethodDialog({ vendorId, locationId, method, onClose }: DeletePaymentMethodDialogProps) {
  const session = useSession();
  const listRef = session.paymentMethods(vendorId, locationId);
  const vendorName = useLocationContext(vendorId, locationId).vendor?.name ?? t.yourVendor;
  const del = usePaymentMethodDelete(vendorId, locationId, method, listRef);
  useEffect(() => {
    if (del.finished) onClose();
  }, [del.finished, onClose]);

  if (del.step === 'refused') {
    return (
      <Dialog open role="alertdialog" title={t.deleteRefusedTitle} onClose={del.cancel} actions={<Button onClick={del.cancel}>{t.close}</Button>}>
        <p>{t.deleteRefused(vendorName)}</p>
      </Dialog>
    );
  }

  return (
    <Dialog
      open={!del.finished}
      role="alertdialog"
      title={t.deleteTitle(del.fullName)}
      onClose={del.cancel}
      actions={
        del.step === 'checkingUsage' ? null : (
          <>
            <Button variant="secondary" onClick={del.cancel} disabled={del.step === 'deleting'}>{t.cancel}</Button>
            <Button variant="danger" onClick={del.confirm} loading={del.step === 'deleting'}>{t.confirmDelete}</Button>
          </>
        )
      }
    >
      {del.step === 'checkingUsage' ? (
        <p role="status">{t.deleteChecking}</p>
      ) : (
        <>
          {del.step === 'failed' ? <p role="alert" className={alert}>{t.deleteFailed(del.name, del.lastFour)}</p> : null}
          <p>{t.deleteQuestion}</p>
          {del.scheduled === null ? null : del.scheduled.length === 0 ? (
            <p>{t.deleteNoScheduled}</p>
          ) : (
            <>
              <p>{t.deleteScheduled}</p>
              <ul className={list} aria-label={t.deleteScheduled}>
                {del.scheduled.map((p) => (
                  <li key={p.id} className={item}>
                    <span>{p.displayInvNum}</span>
                    <span>{shortDate(p.paymentDate)}</span>
                    <span>{dollars(p.paidAmount)}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </Dialog>
  );
}
