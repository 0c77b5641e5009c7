/**
 * The auditor's packet (DESIGN.md §13, issue 29 item 3): a school's month, or the district's, as a PDF;
 * and the District view as a workbook. The engine hands back the bytes (and a packet's SHA-256); the
 * host saves them where its user chose (the CLI's --out, the app's save dialog or download), so no
 * method writes a path on a district server.
 */
import { z } from 'zod';
import { method, returns } from './method';

export const packetMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month as YYYY-MM, such as 2026-10');

export interface PrintedPacketResult {
  /** The PDF, base64. */
  pdfBase64: string;
  /** Of the packet's content, as printed on it. */
  sha256: string;
  /** The month is not closed: DRAFT is on every page. */
  draft: boolean;
  /** A file name to offer: district-recon-packet-2026-10-101.pdf. */
  fileName: string;
}

export interface DistrictWorkbookResult {
  /** The .xlsx workbook, base64. */
  xlsxBase64: string;
  /** A file name to offer: district-recon-district-2026-10.xlsx. */
  fileName: string;
  /** Schools in it (one row each). */
  schools: number;
}

export const packetMethods = {
  /** With payeeId: that school's packet; without: the district packet over every school's. */
  'month.packet': method({
    args: z.object({ month: packetMonth, payeeId: z.number().int().positive().optional() }).strict(),
    result: returns<PrintedPacketResult>(),
    // A read: an auditor with a viewer's account prints the packet.
    role: 'viewer',
  }),
  /** The District view as an Excel workbook: one row per school, under the district, month and when it was made. */
  'month.districtWorkbook': method({
    args: z.object({ month: packetMonth }).strict(),
    result: returns<DistrictWorkbookResult>(),
    role: 'viewer',
  }),
} as const;
