/** The connection.* methods: for each, its arguments, result, the role it needs and the data it changes. */
import { z } from 'zod';
import type { ConnectionTestResult, Settings } from '../results';
import { method, returns, none } from '../method';

export const connectionMethods = {
  'connection.set': method({
    args: z
      .object({
        url: z.string().url().max(500),
        // Basic authentication ends the token at its first ':', so such a token can never work.
        token: z
          .string()
          .min(1)
          .max(500)
          .refine((token) => !token.includes(':'), { message: 'a token cannot contain ":"; check the token' }),
        secret: z.string().min(1).max(500),
      })
      .strict(),
    result: returns<Settings>(),
    role: 'admin',
    // Told by the handler, writeSettings tells, when the address or mode changes.
    changes: ['settings'],
    toldBy: 'handler',
  }),
  'connection.clear': method({
    args: none,
    result: returns<Settings>(),
    role: 'admin',
    changes: ['settings'],
  }),
  'connection.test': method({
    args: z
      .object({ url: z.string().url().max(500).optional() })
      .strict()
      .default({}),
    result: returns<ConnectionTestResult>(),
    // Admin: it sends the stored token and secret to a URL the caller may name.
    role: 'admin',
  }),
} as const;
