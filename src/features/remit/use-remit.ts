import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { remitFormMachine } from '../../../machines/remit/remit-form.machine';
import { remitPrintMachine } from '../../../machines/remit/remit-print.machine';
import { connectRemit } from '../../../machines/remit/remit.connect';

/** Saves the downloaded PDF (a blob: URL on a temporary link). */
export const remitFileSaver = {
  save(blob: Blob, fileName: string) {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  },
};

/** The remit form's two machines bound to React, and their view (`connectRemit`); `form` takes the form's events. */
export function useRemit(vendorId: string, locationId: string) {
  const form = useActorRef(remitFormMachine, { input: { vendorId, locationId } });
  const printLogic = useMemo(
    () =>
      remitPrintMachine.provide({
        actors: { printPage: fromPromise<void, void>(async () => window.print()) },
        actions: { saveFile: (_, file: { blob: Blob; fileName: string }) => remitFileSaver.save(file.blob, file.fileName) },
      }),
    [],
  );
  const print = useActorRef(printLogic, { input: { vendorId, locationId } });
  const formSnapshot = useSelector(form, (s) => s);
  const printSnapshot = useSelector(print, (s) => s);
  return useMemo(() => ({ form, ...connectRemit({ form: formSnapshot, print: printSnapshot }, { print: print.send }) }), [form, print, formSnapshot, printSnapshot]);
}
