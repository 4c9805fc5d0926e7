import { sql, type Kysely } from 'kysely';
import { todayJakarta } from '@mizan/core';
import { storeLoanPositions } from '../loan-positions';

// One truth for every money figure (issue 47): a loan's stored balances become its position (core
// `loanPosition`, docs/glossary.md "Money figures").
// - `sisa_pokok` was jumlah − Σ payments of jenis pokok, angsuran and pelunasan: each instalment's
//   margin counted as principal (Rp 8.800.000 left of Rp 10.000.000 after one instalment of
//   Rp 1.200.000 whose principal part is Rp 1.000.000). It becomes the principal not yet repaid:
//   what was paid to the schedule less the margin it carried.
// - `sisa_margin` (new): the akad's margin not yet paid (0 once settled).
// - `sisa_kewajiban` (new, generated): what the customer still owes, principal + margin left +
//   profit share in arrears (the daily ledger job keeps `tunggakan_bagi_hasil` for today), so
//   that the customer page, lists and reports sum one stored figure.
// Every living loan not lunas is computed again here (db/loan-positions.ts). The rule is core's as
// it is when this runs, the same rule every later write stores.
export async function up(db: Kysely<any>) {
  await sql`alter table pinjaman add column sisa_margin bigint not null default 0`.execute(db);
  await sql`alter table pinjaman add column sisa_kewajiban bigint
    generated always as (sisa_pokok + sisa_margin + tunggakan_bagi_hasil) stored`.execute(db);

  // Only a Mudharabah's profit share in arrears depends on the day; the daily job keeps it after this.
  await storeLoanPositions(db, todayJakarta(new Date()));
}

export async function down(db: Kysely<any>) {
  await sql`alter table pinjaman drop column sisa_kewajiban`.execute(db);
  await sql`alter table pinjaman drop column sisa_margin`.execute(db);
}
