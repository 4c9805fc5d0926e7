import { sql, type Kysely } from 'kysely';

// A payment's receipt number and its day and month counters are written when its transaction
// commits, not when its row is inserted (issue 47, POST /api/pembayaran on PostgreSQL). The receipt
// number is gap-free per year: one counter row that every payment of the year updates, so a second
// payment waits for the first to commit. Written at the insert, that row stayed locked for the rest
// of the payment's transaction (the loan's balances, its money event, its reactions: four round
// trips and the commit), and concurrent payments queued behind it (an insert took 27 ms at the
// median under ten connections). As deferred constraint triggers they run at commit: the lock is
// held for the commit alone. The numbers still follow the order of the commits, without gaps; an
// import (`mizan.massal`) still numbers its rows set-based (the WHEN is read at the insert).
const MASSAL = `current_setting('mizan.massal', true) is distinct from 'on'`;

export async function up(db: Kysely<any>) {
  await sql`drop trigger pembayaran_a_kwitansi on pembayaran`.execute(db);
  await sql`create constraint trigger pembayaran_a_kwitansi after insert on pembayaran
    deferrable initially deferred for each row
    when (${sql.raw(MASSAL)}) execute function kwitansi_pembayaran_number()`.execute(db);
  await sql`drop trigger pembayaran_counts_insert_delete on pembayaran`.execute(db);
  await sql`create constraint trigger pembayaran_counts_insert_delete after insert or delete on pembayaran
    deferrable initially deferred for each row
    when (${sql.raw(MASSAL)}) execute function pembayaran_counts_track()`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop trigger pembayaran_a_kwitansi on pembayaran`.execute(db);
  await sql`create trigger pembayaran_a_kwitansi after insert on pembayaran for each row
    when (${sql.raw(MASSAL)}) execute function kwitansi_pembayaran_number()`.execute(db);
  await sql`drop trigger pembayaran_counts_insert_delete on pembayaran`.execute(db);
  await sql`create trigger pembayaran_counts_insert_delete after insert or delete on pembayaran for each row
    when (${sql.raw(MASSAL)}) execute function pembayaran_counts_track()`.execute(db);
}
