// Staff roles as plain values (no zod), for pages that only show or check a role (issue 28 C).

/** Staff roles known to the product (spec §6). */
export const roles = ['admin', 'manajer', 'operator', 'user'] as const;
export type Role = (typeof roles)[number];

/** The roles that may decide on an approval request (issue 27 A): administrators and managers. */
export const approverRoles = ['admin', 'manajer'] as const satisfies readonly Role[];
export const canApprove = (role: string) => (approverRoles as readonly string[]).includes(role);

/** Indonesian labels of the roles (spec §6). */
export const roleLabels: Record<Role, string> = {
  admin: 'Administrator',
  manajer: 'Manajer',
  operator: 'Operator',
  user: 'User',
};
