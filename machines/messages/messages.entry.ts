import { defineMachine } from '../registry-entry';
import { messageListMachine } from './message-list.machine';
import {
  messageListModelEvents, modelMessagesInput, modelTemplateInput, resolutionCenterModelEvents, templateMessageModelEvents, unreadMessagesModelEvents,
} from './messages.model';
import { resolutionCenterMachine } from './resolution-center.machine';
import { templateMessageMachine } from './template-message.machine';
import { unreadMessagesMachine } from './unread-messages.machine';

export const messageListEntry = defineMachine({
  machine: messageListMachine,
  input: modelMessagesInput,
  events: messageListModelEvents,
  purpose: 'Messages: load of the template and resolution-center messages, newest first (loaded | empty | failed)',
  feature: 'Messages',
});

export const templateMessageEntry = defineMachine({
  machine: templateMessageMachine,
  input: modelTemplateInput,
  events: templateMessageModelEvents,
  purpose: 'Template message: load, Pay (confirmed flag → click-to-pay with its invoices, source Message)',
  feature: 'Messages',
});

export const resolutionCenterEntry = defineMachine({
  machine: resolutionCenterMachine,
  input: modelMessagesInput,
  events: resolutionCenterModelEvents,
  purpose: 'Resolution Center: newest message per invoice (loaded | empty | failed), grouped by category',
  feature: 'Messages',
});

export const unreadMessagesEntry = defineMachine({
  machine: unreadMessagesMachine,
  input: modelMessagesInput,
  events: unreadMessagesModelEvents,
  purpose: 'MESSAGES tile: unread count when the location has unread messages',
  feature: 'Messages',
});
