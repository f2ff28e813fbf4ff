/**
 * The bytes of a pdfkit document: collected from its stream as it is written, resolved when it ends. One place for
 * the four documents the server renders (invoice, remit slip, statement, receipt). Attach before writing anything,
 * call `doc.end()` when done, then await the promise.
 */
import type PDFDocument from 'pdfkit';

export function pdfBytes(doc: InstanceType<typeof PDFDocument>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
