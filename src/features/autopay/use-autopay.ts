import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Temporal } from 'temporal-polyfill';
import { connectAutopayPage } from '../../../machines/autopay/autopay.connect';
import { autopayPageMachine, type AutopayPageInput } from '../../../machines/autopay/autopay-page.machine';
import { autopaySubmitMachine } from '../../../machines/autopay/autopay-submit.machine';
import { autopayUpdateMachine } from '../../../machines/autopay/autopay-update.machine';
import { autopayDeleteMachine } from '../../../machines/autopay/autopay-delete.machine';
import type { Autopay } from '../../../machines/autopay/autopay.actors';
import {
  selectDeleteFailed, selectDeleteOpen, selectDeleting, selectSubmitConfirming, selectSubmitFailed, selectSubmitting, selectUpdateConfirming, selectUpdateFailure,
  selectUpdating,
} from '../../../machines/autopay/autopay.selectors';
import { useAppServices } from '../../app/app-services';
import { paths } from '../../../core/rules/paths';

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

/** The AutoPay page machine (load + form) and its view (`connectAutopayPage`); `page` for the manage hook. */
export function useAutopayPage({ vendorId, locationId, requestId, vendor, now = () => Temporal.Now.instant() }: UseAutopayPageOptions) {
  const openedAt = useRef(now()).current;
  const page = useActorRef(autopayPageMachine, { input: { vendorId, locationId, requestId, vendor, now: openedAt } });
  const snapshot = useSelector(page, (s) => s);
  return useMemo(() => ({ page, ...connectAutopayPage(snapshot, page.send) }), [page, snapshot]);
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
      goToSetupConfirmation: (_, { autopay }) => {
        persisted.send({ type: 'persisted.lastPaymentMethod', paymentMethodId: autopay.paymentMethodId });
        navigateRef.current(paths.autopayConfirmation(base), { state: { kind: 'setUp', autopay } satisfies AutopayConfirmationState });
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
      if (view.setupSubmit) submit.send(view.setupSubmit);
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
      goToUpdateConfirmation: (_, { autopay }) => {
        if (!autopay) return;
        pageRef.send({ type: 'autopay.changed', autopay });
        persisted.send({ type: 'persisted.lastPaymentMethod', paymentMethodId: autopay.paymentMethodId });
        navigateRef.current(paths.autopayManageConfirmation(base), { state: { kind: 'updated', autopay } satisfies AutopayConfirmationState });
      },
    },
  }), [pageRef, persisted, base]);
  const update = useActorRef(updateLogic, { input: { vendorId, locationId, autopayId } });
  const deleteLogic = useMemo(() => autopayDeleteMachine.provide({
    actions: { goToDeleteConfirmation: (_, { result }) => navigateRef.current(paths.autopayDeleted(base), { state: { deleted: true, deactivationDate: result.deactivationDate } }) },
  }), [base]);
  const del = useActorRef(deleteLogic, { input: { vendorId, locationId, autopayId } });
  return {
    updating: useSelector(update, selectUpdating),
    confirming: useSelector(update, selectUpdateConfirming),
    failure: useSelector(update, selectUpdateFailure),
    update: () => {
      if (view.updateSubmit) update.send(view.updateSubmit);
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
