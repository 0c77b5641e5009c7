/**
 * Team mode (DESIGN.md §11): the role each contract method needs on a district server. Roles are
 * ordered; a role may do everything the roles below it may. The table is checked at compile time
 * against the method list, so a new method without a role does not compile.
 *
 * viewer reads; preparer works the day (syncs, acknowledges changes, imports, explains and
 * confirms bank lines, prepares sign-offs); approver signs off, unsigns and exports; admin changes
 * settings and the connection (users are managed with `district-recon users` on the server).
 */
import type { MethodName } from './contractNames';

export const ROLES = ['viewer', 'preparer', 'approver', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Whether `role` may call a method that needs `needed`. */
export function roleAllows(role: Role, needed: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

/** The role just below `role`, or null for viewer (tests: "one role below is refused"). */
export function roleBelow(role: Role): Role | null {
  const index = ROLES.indexOf(role);
  return index > 0 ? ROLES[index - 1]! : null;
}

export const METHOD_ROLES = {
  'app.info': 'viewer',
  'app.status': 'viewer',
  'settings.get': 'viewer',
  'settings.set': 'admin',
  // The values settings.get shows, masked the same; who changed them is for every reader of the books.
  'settings.changes': 'viewer',
  'connection.set': 'admin',
  'connection.clear': 'admin',
  // Admin: it sends the stored token and secret to a URL the caller may name.
  'connection.test': 'admin',
  'sync.start': 'preparer',
  'sync.cancel': 'preparer',
  'sync.status': 'viewer',
  'sync.runs': 'viewer',
  'overview.get': 'viewer',
  'payees.list': 'viewer',
  'glAccounts.list': 'viewer',
  // The accounts the district reconciles against are configuration, like settings.
  'glAccounts.add': 'admin',
  'glAccounts.remove': 'admin',
  'transactions.list': 'viewer',
  'transactions.count': 'viewer',
  'transactions.get': 'viewer',
  'transactions.seek': 'viewer',
  'batches.list': 'viewer',
  'batches.get': 'viewer',
  'batches.prepare': 'preparer',
  'batches.signOff': 'approver',
  'batches.signOffMany': 'approver',
  'batches.unsign': 'approver',
  'glBatches.list': 'viewer',
  'glBatches.defaultRange': 'viewer',
  'changes.list': 'viewer',
  'changes.groups': 'viewer',
  'changes.acknowledge': 'preparer',
  'reconcile.summary': 'viewer',
  'reconcile.reversals': 'viewer',
  'reconcile.outsideRule': 'viewer',
  'export.overlaps': 'viewer',
  'export.untied': 'viewer',
  'export.glBatches': 'approver',
  'export.list': 'viewer',
  'export.withoutAccount': 'viewer',
  'accountMaps.get': 'viewer',
  // Where unaccounted money posts, and the ERP's codes, are the poster's choice (the CLI's
  // export gl --account-map saves codes as it posts).
  'accountMaps.setDefault': 'approver',
  'accountMaps.setCodes': 'approver',
  'bank.import': 'preparer',
  'bank.lines': 'viewer',
  'bank.line': 'viewer',
  'bank.confirm': 'preparer',
  'bank.unmatch': 'preparer',
  'bank.explain': 'preparer',
  'bank.unexplain': 'preparer',
  'bank.inTransit': 'viewer',
  'bank.forBatch': 'viewer',
  'bank.accounts': 'viewer',
  'bank.statements': 'viewer',
  // Undoing an import and deciding what is a duplicate are part of importing.
  'bank.statements.remove': 'preparer',
  'bank.duplicates.decide': 'preparer',
  'bank.mappings.list': 'viewer',
  // A CSV mapping is how a preparer reads a bank's export: part of importing, not of settings.
  'bank.mappings.save': 'preparer',
  'bank.mappings.remove': 'preparer',
  // Reads a file the way an import would, to save a mapping with: only who may import needs it.
  'bank.mappings.preview': 'preparer',
  // Money back to a payer: approvers (DESIGN.md §12); above the district's threshold a second one.
  'payments.refund': 'approver',
  'payments.void': 'approver',
  // Recording the cash and checks an office took in is the day's work.
  'payments.collect': 'preparer',
  'intents.list': 'viewer',
  'intents.approve': 'approver',
  'intents.resolve': 'approver',
} as const satisfies Record<MethodName, Role>;

export const ROLE_WORDS: Record<Role, string> = {
  viewer: 'a viewer',
  preparer: 'a preparer',
  approver: 'an approver',
  admin: 'an admin',
};
