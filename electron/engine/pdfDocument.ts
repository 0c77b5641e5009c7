/**
 * pdfkit, loaded on the first PDF asked for (a deposit slip, the auditor's packet) rather than when
 * the engine loads: it reads its fonts and builds its tables at load, a third of a second of every
 * command's start (`district-recon status` included) for a file few commands make.
 */
import { createRequire } from 'node:module';
import type PDFKitDocument from 'pdfkit';

const requireHere = createRequire(import.meta.url);

export function newPdfDocument(options?: PDFKit.PDFDocumentOptions): PDFKit.PDFDocument {
  const PDFDocument = requireHere('pdfkit') as typeof PDFKitDocument;
  return new PDFDocument(options);
}
