/** "Download Receipt" (issue 20): downloading → the file saved, or downloadFailed → retry / dismiss; the view. */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { receiptDownloadMachine } from '../../machines/receipt/receipt-download.machine';
import { connectReceiptDownload } from '../../machines/receipt/receipt.connect';
import { modelReceiptFile, modelReceiptInput } from '../../machines/receipt/receipt.model';
import type { ReceiptFile, ReceiptInput } from '../../machines/receipt/receipt.actors';

function start(answers: Array<ReceiptFile | Error>) {
  const saved: ReceiptFile[] = [];
  const asked: ReceiptInput[] = [];
  const logic = receiptDownloadMachine.provide({
    actors: {
      fetchReceiptPdf: fromPromise<ReceiptFile, ReceiptInput>(async ({ input }) => {
        asked.push(input);
        const answer = answers.shift()!;
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    },
    actions: { saveFile: (_, file: ReceiptFile) => void saved.push(file) },
  });
  const actor = createActor(logic, { input: modelReceiptInput }).start();
  const view = () => connectReceiptDownload(actor.getSnapshot(), actor.send);
  return { actor, saved, asked, view };
}

describe('receipt download', () => {
  it('fetches the group\'s receipt and saves it under the server\'s file name; a click while downloading is ignored', async () => {
    const { actor, saved, asked, view } = start([modelReceiptFile]);
    expect(view()).toMatchObject({ downloading: false, failed: false });
    view().download();
    expect(view().downloading).toBe(true);
    view().download();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    expect(asked).toEqual([modelReceiptInput]);
    expect(saved).toEqual([modelReceiptFile]);
  });

  it('a failed download says so; download again retries, dismiss goes back', async () => {
    const { actor, saved, view } = start([new Error('failed calling api'), modelReceiptFile]);
    view().download();
    await vi.waitFor(() => expect(view().failed).toBe(true));
    expect(saved).toEqual([]);
    view().dismiss();
    expect(actor.getSnapshot().value).toBe('idle');
    view().download();
    await vi.waitFor(() => expect(saved).toEqual([modelReceiptFile]));
    expect(view()).toMatchObject({ downloading: false, failed: false });
  });
});
