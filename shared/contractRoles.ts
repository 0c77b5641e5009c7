/**
 * Team mode (DESIGN.md §11): the roles, ordered; a role may do everything the roles below it may.
 * The role each method needs is in the method table (shared/contract/table.ts, METHOD_ROLES): a
 * method without one does not compile. This file imports nothing, so the preload can load it.
 *
 * viewer reads; preparer works the day (syncs, acknowledges changes, imports, explains and
 * confirms bank lines, prepares sign-offs); approver signs off, unsigns and exports; admin changes
 * settings and the connection (users are managed with `district-recon users` on the server).
 */

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

export const ROLE_WORDS: Record<Role, string> = {
  viewer: 'a viewer',
  preparer: 'a preparer',
  approver: 'an approver',
  admin: 'an admin',
};

/** Someone signed in to a district server: who acts, and the role they hold. */
export interface RoleHolder {
  name: string;
  role: Role;
}
