/** The overview.* methods: for each, its arguments, result, the role it needs and the data it changes. */
import type { Overview } from '../results';
import { method, returns, none } from '../method';

export const overviewMethods = {
  'overview.get': method({
    args: none,
    result: returns<Overview>(),
    role: 'viewer',
  }),
} as const;
