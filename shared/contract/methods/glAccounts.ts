/** The glAccounts.* methods: for each, its arguments, result, the role it needs and the data it changes. */
import { z } from 'zod';
import type { GlAccount } from '../../domain';
import { text } from '../args';
import { method, returns, none } from '../method';

export const glAccountsMethods = {
  'glAccounts.list': method({
    args: none,
    result: returns<GlAccount[]>(),
    role: 'viewer',
  }),
  'glAccounts.add': method({
    args: z.object({ number: text(64).min(2), label: text(200).min(2) }).strict(),
    result: returns<GlAccount[]>(),
    // The accounts the district reconciles against are configuration, like settings.
    role: 'admin',
    changes: ['glAccounts'],
  }),
  'glAccounts.remove': method({
    args: z.object({ number: text(64).min(2), label: text(200).min(2) }).strict(),
    result: returns<GlAccount[]>(),
    role: 'admin',
    changes: ['glAccounts'],
  }),
} as const;
