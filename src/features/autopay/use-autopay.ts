import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Temporal } from 'temporal-polyfill';
import { autopayPageMachine, type AutopayPageInput, type ChosenMethod } from '../../../machines/autopay/autopay-page.machine';
import { autopaySubmitMachine } from '../../../machines/autopay/autopay-submit.machine';
import { autopayUpdateMachine } from '../../../machines/autopay/autopay-update.machine';
import { autopayDeleteMachine } from '../../../machines/autopay/autopay-delete.machine';
import type { Autopay } from '../../../machines/autopay/autopay.actors';
import {
  selectDeleteFailed, selectDeleteOpen, selectDeleting, selectEditable, selectExclusionChanges, selectMethodChanged, selectPageStatus, selectSetupValid,
  selectStartDates, selectSubmitConfirming, selectSubmitFailed, selectSubmitting, selectTerms, selectUpdateConfirming, selectUpdateEnabled,
  selectUpdateFailure, selectUpdating,
} from '../../../machines/autopay/autopay.selectors';
import { useAppServices } from '../../app/app-services';
import { hasServiceFee } from '../../../core/rules/fees';
import { vendorToday } from '../../../core/rules/payment-dates';

/** What the confirmation pages get as navigation state (§2.2: without it they redirect). */
export interface AutopayConfirmationState {
  kind: 'setUp' | 'updated';
  autopay: Autopay;
}

export interface UseAutopayPageOptions {
  vendorId: string;
  locationId: string;
  requestId: string | null;
  vendor: AutopayPageInput['vendor'];
  now?: () => Temporal.Instant;
}

/** The AutoPay page machine (load + form) and its view model. */
export function useAutopayPage({ vendorId, locationId, requestId, vendor, now = () => Temporal.Now.instant() }: UseAutopayPageOptions) {
  const openedAt = useRef(now()).current;
  const page = useActorRef(autopayPageMachine, { input: { vendorId, locationId, requestId, vendor, now: openedAt } });
  const status = useSelector(page, selectPageStatus);
  const context = useSelector(page, (s) => s.context);
  const startDates = useSelector(page, selectStartDates, (a, b) => a.join() === b.join());
  const editable = useSelector(page, selectEditable);
  const terms = useSelector(page, selectTerms);
  const setupValid = useSelector(page, selectSetupValid);
  const updateEnabled = useSelector(page, selectUpdateEnabled);
  const methodChanged = useSelector(page, selectMethodChanged);
  const exclusionChanges = useSelector(page, selectExclusionChanges, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const today = vendorToday(openedAt, vendor.eodCutoff.timezone).toString();
  const excludedSet = useMemo(() => new Set(context.excluded), [context.excluded]);
  return {
    page, status, context, startDates, today, editable, terms, setupValid, updateEnabled, methodChanged, exclusionChanges, excludedSet,
    autopay: context.data?.autopay ?? null,
    invoices: context.data?.invoices ?? [],
    fee: hasServiceFee(context.method ? { provider: context.method.provider, serviceFee: context.method.displayExtra.serviceFee } : null),
    chooseMethod: (method: ChosenMethod) => page.send({ type: 'form.method', method }),
    chooseDate: (date: string) => page.send({ type: 'form.startDate', date }),
    toggleExclusion: (invoiceId: string) => page.send({ type: 'form.exclusion', invoiceId }),
    setTerms: (accepted: boolean) => page.send({ type: 'form.terms', accepted }),
    retry: () => page.send({ type: 'page.retry' }),
  };
}

export type AutopayPageView = ReturnType<typeof useAutopayPage>;

/** Set up: the submit machine; success stores the last used method and goes to `.../autopayconfirmation`. */
export function useAutopaySubmit(view: AutopayPageView, base: string, vendorId: string, locationId: string) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const { persisted } = useAppServices();
  const logic = useMemo(() => autopaySubmitMachine.provide({
    actions: {
      confirmed: (_, { autopay }) => {
        persisted.send({ type: 'persisted.lastPaymentMethod', paymentMethodId: autopay.paymentMethodId });
        navigateRef.current(`${base}/autopayconfirmation`, { state: { kind: 'setUp', autopay } satisfies AutopayConfirmationState });
      },
    },
  }), [persisted, base]);
  const submit = useActorRef(logic, { input: { vendorId, locationId } });
  const submitting = useSelector(submit, selectSubmitting);
  const confirming = useSelector(submit, selectSubmitConfirming);
  const failed = useSelector(submit, selectSubmitFailed);
  return {
    submitting, confirming, failed,
    submit: () => {
      const { method, startDate, excluded } = view.context;
      if (!view.setupValid || !method || !startDate || !view.terms) return;
      submit.send({ type: 'autopay.submit', body: { paymentMethodId: method.id, startDate, excludedInvoices: excluded, epaVersion: view.terms.version }, fee: view.fee });
    },
    confirm: () => submit.send({ type: 'autopay.confirm' }),
    cancel: () => submit.send({ type: 'autopay.cancel' }),
  };
}

/** Manage: the update and delete machines of the active AutoPay. */
export function useAutopayManage(view: AutopayPageView, autopayId: string, base: string, vendorId: string, locationId: string) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const { persisted } = useAppServices();
  const pageRef = view.page;
  const updateLogic = useMemo(() => autopayUpdateMachine.provide({
    actions: {
      changed: (_, { autopay }) => { if (autopay) pageRef.send({ type: 'autopay.changed', autopay }); },
      updated: (_, { autopay }) => {
        if (!autopay) return;
        pageRef.send({ type: 'autopay.changed', autopay });
        persisted.send({ type: 'persisted.lastPaymentMethod', paymentMethodId: autopay.paymentMethodId });
        navigateRef.current(`${base}/autopaymanage/confirmation`, { state: { kind: 'updated', autopay } satisfies AutopayConfirmationState });
      },
    },
  }), [pageRef, persisted, base]);
  const update = useActorRef(updateLogic, { input: { vendorId, locationId, autopayId } });
  const deleteLogic = useMemo(() => autopayDeleteMachine.provide({
    actions: { deleted: (_, { result }) => navigateRef.current(`${base}/autopaydelete/confirmation`, { state: { deleted: true, deactivationDate: result.deactivationDate } }) },
  }), [base]);
  const del = useActorRef(deleteLogic, { input: { vendorId, locationId, autopayId } });
  return {
    updating: useSelector(update, selectUpdating),
    confirming: useSelector(update, selectUpdateConfirming),
    failure: useSelector(update, selectUpdateFailure),
    update: () => {
      if (!view.updateEnabled) return;
      const method = view.methodChanged && view.context.method && view.terms ? { paymentMethodId: view.context.method.id, epaVersion: view.terms.version } : null;
      update.send({ type: 'update.submit', method, exclusions: view.exclusionChanges, fee: method !== null && view.fee });
    },
    confirm: () => update.send({ type: 'update.confirm' }),
    cancel: () => update.send({ type: 'update.cancel' }),
    deleteOpen: useSelector(del, selectDeleteOpen),
    deleting: useSelector(del, selectDeleting),
    deleteFailed: useSelector(del, selectDeleteFailed),
    openDelete: () => del.send({ type: 'delete.open' }),
    confirmDelete: () => del.send({ type: 'delete.confirm' }),
    cancelDelete: () => del.send({ type: 'delete.cancel' }),
  };
}
