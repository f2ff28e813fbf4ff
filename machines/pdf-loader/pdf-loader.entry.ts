import { defineMachine } from '../registry-entry';
import { pdfLoaderMachine } from './pdf-loader.machine';
import { modelPdfInput, pdfLoaderModelEvents } from './pdf-loader.model';

export const pdfLoaderEntry = defineMachine({
  machine: pdfLoaderMachine,
  input: modelPdfInput,
  events: pdfLoaderModelEvents,
  purpose: 'Invoice copy: fetch the PDF (QBO or not), redirect only to http/https/ftp/blob',
  feature: 'Invoice journey',
});
