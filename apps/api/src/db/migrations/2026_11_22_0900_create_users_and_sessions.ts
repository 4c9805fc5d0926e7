import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('username', 'varchar(50)', (c) => c.notNull())
    .addColumn('nama_lengkap', 'varchar(150)', (c) => c.notNull())
    .addColumn('role', 'varchar(20)', (c) => c.notNull().check(sql`role in ('admin', 'operator', 'user')`))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Usernames are unique regardless of case: "Admin" and "admin" are the same person.
  await sql`create unique index users_username_lower_key on users (lower(username))`.execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  // Failed sign-in counters per key ('u:<username>' or 'ip:<address>') in a sliding window;
  // kept in the database so that every API instance sees the same counts.
  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('login_attempts').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
