import { sql, type Kysely } from 'kysely';

// Reminders to customers (issue 24, part B; docs/whatsapp.md). A reminder row of wa_messages names
// its customer, loan, instalment and due date (checked again right before sending: paid meanwhile,
// loan lunas, customer opted out → SKIPPED) and the Jakarta day it belongs to (`untuk_tanggal`:
// EXPIRED after it, never sent late). `dikirim_pada` is when a reminder or a message by hand was
// handed to WhatsApp: the day's cap counts them. A reply of STOP/BERHENTI finds the customers a
// number was sent to by `phone_number`; its confirmation is a message of the new kind `balasan`.
// `wa_linked_numbers` remembers when each WhatsApp number was first linked: the first week's lower
// cap (a new number sending many messages is what gets numbers banned).
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('wa_messages')
    .addColumn('nasabah_id', 'integer')
    .addColumn('pinjaman_id', 'integer')
    .addColumn('angsuran_ke', 'integer')
    .addColumn('jatuh_tempo', 'date')
    .addColumn('untuk_tanggal', 'date')
    .addColumn('dikirim_pada', 'timestamptz')
    .execute();
  await sql`alter table wa_messages drop constraint if exists wa_messages_jenis_check`.execute(db);
  await sql`alter table wa_messages add constraint wa_messages_jenis_check
    check (jenis in ('test', 'notifikasi', 'pengingat', 'manual', 'balasan'))`.execute(db);
  // The dispatcher's queue holds notifications only now; reminders have their own, in due-date order.
  await sql`drop index if exists wa_messages_queued_idx`.execute(db);
  await sql`create index wa_messages_queued_idx on wa_messages (id) where status = 'QUEUED' and jenis = 'notifikasi'`.execute(db);
  await sql`create index wa_messages_reminders_queued_idx on wa_messages (untuk_tanggal, jatuh_tempo, id)
    where status = 'QUEUED' and jenis = 'pengingat'`.execute(db);
  await sql`create index wa_messages_customer_sent_idx on wa_messages (dikirim_pada)
    where jenis in ('pengingat', 'manual')`.execute(db);
  await sql`create index wa_messages_customer_phone_idx on wa_messages (phone_number) where nasabah_id is not null`.execute(db);
  await db.schema
    .createTable('wa_linked_numbers')
    .addColumn('phone_number', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('linked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('wa_linked_numbers').ifExists().execute();
  await sql`drop index if exists wa_messages_customer_phone_idx`.execute(db);
  await sql`drop index if exists wa_messages_customer_sent_idx`.execute(db);
  await sql`drop index if exists wa_messages_reminders_queued_idx`.execute(db);
  await sql`drop index if exists wa_messages_queued_idx`.execute(db);
  await sql`create index wa_messages_queued_idx on wa_messages (id) where status = 'QUEUED' and jenis in ('notifikasi', 'pengingat')`.execute(
    db,
  );
  await sql`delete from wa_messages where jenis = 'balasan'`.execute(db);
  await sql`alter table wa_messages drop constraint if exists wa_messages_jenis_check`.execute(db);
  await sql`alter table wa_messages add constraint wa_messages_jenis_check
    check (jenis in ('test', 'notifikasi', 'pengingat', 'manual'))`.execute(db);
  await db.schema
    .alterTable('wa_messages')
    .dropColumn('dikirim_pada')
    .dropColumn('untuk_tanggal')
    .dropColumn('jatuh_tempo')
    .dropColumn('angsuran_ke')
    .dropColumn('pinjaman_id')
    .dropColumn('nasabah_id')
    .execute();
}
