import type { SnapshotFrom } from 'xstate';
import { selectCanPay, selectRichContent, selectTemplateMessage, selectTemplateStatus } from './messages.selectors';
import type { TemplateMessageEvent, templateMessageMachine } from './template-message.machine';

/**
 * The template message page's view (zag's `connect(state, send)`): the message, its parsed rich content, whether Pay
 * is offered, and Pay / Try again. Pure, no React. Pay hands the message to the provided `startPayment`, which the
 * chart runs only while some of its invoices can be paid.
 */
export function connectTemplateMessage(
  snapshot: Pick<SnapshotFrom<typeof templateMessageMachine>, 'context' | 'matches'>,
  send: (event: TemplateMessageEvent) => void,
) {
  return {
    status: selectTemplateStatus(snapshot),
    message: selectTemplateMessage(snapshot),
    content: selectRichContent(snapshot),
    canPay: selectCanPay(snapshot),
    pay: () => send({ type: 'message.pay' }),
    retry: () => send({ type: 'message.retry' }),
  };
}

export type TemplateMessageApi = ReturnType<typeof connectTemplateMessage>;
