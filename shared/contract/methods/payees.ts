/** The payees.* methods: for each, its arguments, result, the role it needs and the data it changes. */
import type { Payee } from '../../domain';
import { method, returns, none } from '../method';

export const payeesMethods = {
  'payees.list': method({
    args: none,
    result: returns<Payee[]>(),
    role: 'viewer',
  }),
} as const;
