/** The settings.* methods: for each, its arguments, result, the role it needs and the data it changes. */
import { z } from 'zod';
import { settingsPatchSchema } from '../args';
import type { Page, SettingChange, Settings } from '../results';
import { method, returns, none } from '../method';

export const settingsMethods = {
  'settings.get': method({
    args: none,
    result: returns<Settings>(),
    role: 'viewer',
  }),
  'settings.set': method({
    args: z.object({ patch: settingsPatchSchema }).strict(),
    result: returns<Settings>(),
    role: 'admin',
    // Told by the handler, only when a value is given: settings.ts writeSettings.
    changes: ['settings'],
    toldBy: 'handler',
  }),
  /** Who changed which setting and when, newest first; the cursor is where the last page ended. */
  'settings.changes': method({
    args: z
      .object({
        cursor: z
          .string()
          .regex(/^\d{1,15}$/, 'must be the nextCursor of an earlier page')
          .nullable()
          .optional(),
        limit: z.number().int().min(1).max(500).default(100),
      })
      .strict()
      .default({ limit: 100 }),
    result: returns<Page<SettingChange>>(),
    // The values settings.get shows, masked the same; who changed them is for every reader of the books.
    role: 'viewer',
  }),
} as const;
