/** The app.* methods: for each, its arguments, result, the role it needs and the data it changes. */
import type { AppInfo, DatabaseStatus } from '../results';
import { method, returns, none } from '../method';

export const appMethods = {
  'app.info': method({
    args: none,
    result: returns<AppInfo>(),
    role: 'viewer',
  }),
  'app.status': method({
    args: none,
    result: returns<DatabaseStatus>(),
    role: 'viewer',
  }),
} as const;
