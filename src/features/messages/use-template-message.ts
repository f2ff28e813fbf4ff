import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { connectTemplateMessage, type TemplateMessageApi } from '../../../machines/messages/template-message.connect';
import { templateMessageMachine } from '../../../machines/messages/template-message.machine';
import { useSession } from '../../app/session';
import { paths } from '../../../core/rules/paths';

/**
 * The template message page: its machine, with Pay provided as "hand the message id and its payable invoices to the
 * session's invoice selection of this location, then go to .../click2pay" (the pay page preselects them and sends the
 * message id with the payment: source Message). What the page shows and does is `connectTemplateMessage`.
 */
export function useTemplateMessage({ vendorId, locationId, templateMessageId, base }: { vendorId: string; locationId: string; templateMessageId: string; base: string }): TemplateMessageApi {
  const session = useSession();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const selectionRef = session.invoiceSelection(vendorId, locationId);
  const logic = useMemo(
    () =>
      templateMessageMachine.provide({
        actions: {
          startPayment: (_, { messageId, invoiceIds }) => {
            selectionRef.send({ type: 'selection.message', messageId, invoiceIds });
            navigateRef.current(paths.click2pay(base));
          },
        },
      }),
    [selectionRef, base],
  );
  const actor = useActorRef(logic, { input: { vendorId, locationId, templateMessageId } });
  const snapshot = useSelector(actor, (s) => s);
  return useMemo(() => connectTemplateMessage(snapshot, actor.send), [snapshot, actor]);
}
