import { sql, type Expression } from 'kysely';

/**
 * The loan as the records about it name it (a payment, an approval request, a ta'zir): its id as
 * `pinjaman_id`, its number, and its customer by the loan's copy of the name.
 */
const loanRefColumns = ['id as pinjaman_id', 'nomor_pinjaman', 'nasabah_id', 'nasabah_nama'] as const;

type LoanRefColumn = (typeof loanRefColumns)[number];

/** Those columns under the loan's alias: `loanRefColumnsOf('p')` is `p.id as pinjaman_id`, `p.nomor_pinjaman`, … */
export function loanRefColumnsOf<T extends string>(alias: T): readonly `${T}.${LoanRefColumn}`[] {
  return loanRefColumns.map((column) => `${alias}.${column}` as const);
}

/** A staff member's name as every list shows it: the full name, else the username (null when no user joined). */
const staffNameOf = (alias: string) =>
  sql<string | null>`coalesce(nullif(${sql.ref(`${alias}.nama_lengkap`)}, ''), ${sql.ref(`${alias}.username`)})`;

/**
 * The name (as `staffNameOf`) of the staff member whose id `userId` holds: who recorded, proposed
 * or decided something. Null when it holds none, as a left join of `users` on it would give.
 */
export const staffNameById = (userId: Expression<number | null>) =>
  sql<string | null>`(select ${staffNameOf('u')} from users as u where u.id = ${userId})`;
