import type { SnapshotFrom } from 'xstate';
import type { AutopayPageEvent, ChosenMethod, autopayPageMachine } from './autopay-page.machine';
import {
  selectEditable, selectExclusionChanges, selectFee, selectFeePercent, selectMethodChanged, selectPageStatus, selectSetupSubmit, selectSetupValid, selectStartDates,
  selectTerms, selectToday, selectUpdateEnabled, selectUpdateSubmit,
} from './autopay.selectors';

/**
 * The AutoPay page's view (zag's `connect(state, send)`): what the setup and manage pages show of the page machine
 * (load + form), derived by the selectors, and the form's intents. Pure, no React. `setupSubmit` and `updateSubmit`
 * are the events Set up and Update send to the submit and update machines (null while the button is disabled), so
 * the requests are built here from the state and not by the view.
 */
export function connectAutopayPage(snapshot: Pick<SnapshotFrom<typeof autopayPageMachine>, 'context' | 'matches'>, send: (event: AutopayPageEvent) => void) {
  const { context } = snapshot;
  return {
    status: selectPageStatus(snapshot),
    context,
    startDates: selectStartDates(snapshot),
    today: selectToday(snapshot),
    editable: selectEditable(snapshot),
    terms: selectTerms(snapshot),
    setupValid: selectSetupValid(snapshot),
    updateEnabled: selectUpdateEnabled(snapshot),
    methodChanged: selectMethodChanged(snapshot),
    exclusionChanges: selectExclusionChanges(snapshot),
    excludedSet: new Set(context.excluded),
    autopay: context.data?.autopay ?? null,
    invoices: context.data?.invoices ?? [],
    fee: selectFee(snapshot),
    feePercent: selectFeePercent(snapshot),
    setupSubmit: selectSetupSubmit(snapshot),
    updateSubmit: selectUpdateSubmit(snapshot),
    chooseMethod: (method: ChosenMethod) => send({ type: 'form.method', method }),
    chooseDate: (date: string) => send({ type: 'form.startDate', date }),
    toggleExclusion: (invoiceId: string) => send({ type: 'form.exclusion', invoiceId }),
    setTerms: (accepted: boolean) => send({ type: 'form.terms', accepted }),
    retry: () => send({ type: 'page.retry' }),
  };
}

export type AutopayPageApi = ReturnType<typeof connectAutopayPage>;
