import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('wa_recipients')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('phone_number', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('status', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'inactive')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Baileys auth state (creds and signal keys), serialised with its BufferJSON.
  await db.schema
    .createTable('wa_auth_state')
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Every message the product sends: written before sending, updated after, never re-sent blindly.
  await db.schema
    .createTable('wa_messages')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('recipient_id', 'integer', (c) => c.references('wa_recipients.id').onDelete('set null'))
    .addColumn('phone_number', 'varchar(20)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) =>
      c.notNull().check(sql`status in ('QUEUED', 'SENDING', 'SENT', 'FAILED', 'DELIVERED', 'READ', 'UNCERTAIN')`),
    )
    .addColumn('message_id', 'varchar(100)')
    .addColumn('error', 'varchar(500)')
    .addColumn('created_by', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('wa_messages').execute();
  await db.schema.dropTable('wa_auth_state').execute();
  await db.schema.dropTable('wa_recipients').execute();
}
