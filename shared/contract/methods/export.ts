/** The export.* methods: for each, its arguments, result, the role it needs and the data it changes. */
import { z } from 'zod';
import { EXPORT_LAYOUTS, glFilter, inOrder } from '../args';
import type { ExportRecord, ExportResult, UntiedDeposit } from '../results';
import { method, returns, none } from '../method';

export const exportMethods = {
  'export.overlaps': method({
    args: inOrder(glFilter.strict()),
    result: returns<ExportRecord[]>(),
    role: 'viewer',
  }),
  /** The deposits an export of this scope would post that do not tie out: named before posting. */
  'export.untied': method({
    args: inOrder(glFilter.extend({ repost: z.boolean().optional() }).strict()),
    result: returns<UntiedDeposit[]>(),
    role: 'viewer',
  }),
  'export.glBatches': method({
    args: inOrder(
      glFilter
        .extend({
          layout: z.enum(EXPORT_LAYOUTS).optional(),
          /** Electron: the path the save dialog returned. Browser mode: omitted; the host picks a file. */
          file: z.string().min(1).max(1000).optional(),
          /** Replace an existing file: the save dialog asked, or the CLI's --force. Refused in browser mode. */
          overwrite: z.boolean().optional(),
          /** Post again the deposits and reversals an earlier export posted; otherwise they are left out. */
          repost: z.boolean().optional(),
          /** Refuse, posting nothing, when a deposit it would post does not tie out (the CLI's --strict). */
          strict: z.boolean().optional(),
          /** A report: the workbook alone, posting nothing and claiming nothing (the CLI's --report). */
          report: z.boolean().optional(),
        })
        .strict(),
    ),
    result: returns<ExportResult>(),
    role: 'approver',
    changes: ['exports'],
  }),
  'export.list': method({
    args: none,
    result: returns<ExportRecord[]>(),
    role: 'viewer',
  }),
} as const;
