import { sql, type Kysely } from 'kysely';

// Late sanctions and the social fund (issue 27 C). A loan records at its creation whether ta'zir
// applies and its amount and grace (the akad's terms: a later change of the setting never reaches
// it). A ta'zir is proposed for an instalment paid late beyond the grace, then confirmed (the
// customer was able and delayed), collected, or waived; collected ta'zir enters the Dana
// Kebajikan, whose disbursements to charity leave it. Ta'widh is a real, documented cost of a
// default, recorded apart. None of it is a payment of the financing.
export async function up(db: Kysely<any>) {
  await sql`alter table pinjaman add column tazir_jumlah bigint check (tazir_jumlah is null or tazir_jumlah > 0)`.execute(db);
  await sql`alter table pinjaman add column tazir_tenggang_hari integer check (tazir_tenggang_hari is null or tazir_tenggang_hari >= 0)`.execute(
    db,
  );
  await sql`create table tazir (
    id serial primary key,
    pinjaman_id integer not null references pinjaman (id),
    angsuran_ke integer not null,
    jatuh_tempo date not null,
    tanggal_lunas date not null,
    hari_terlambat integer not null,
    jumlah bigint not null check (jumlah > 0),
    status varchar(12) not null default 'diusulkan' check (status in ('diusulkan', 'ditagih', 'diterima', 'dibebaskan')),
    catatan text,
    diputuskan_oleh integer references users (id),
    diputuskan_pada timestamptz,
    tanggal_terima date,
    created_at timestamptz not null default now(),
    unique (pinjaman_id, angsuran_ke)
  )`.execute(db);
  await sql`create index tazir_status_idx on tazir (status, id)`.execute(db);
  await sql`create table dana_kebajikan (
    id serial primary key,
    tanggal date not null,
    arah varchar(6) not null check (arah in ('masuk', 'keluar')),
    jumlah bigint not null check (jumlah > 0),
    tazir_id integer unique references tazir (id),
    tujuan varchar(200),
    penerima varchar(200),
    keterangan text,
    created_by integer references users (id),
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index dana_kebajikan_tanggal_idx on dana_kebajikan (tanggal desc, id desc)`.execute(db);
  await sql`create table tawidh (
    id serial primary key,
    pinjaman_id integer not null references pinjaman (id),
    tanggal date not null,
    jumlah bigint not null check (jumlah > 0),
    uraian text not null,
    bukti varchar(200) not null,
    created_by integer references users (id),
    created_at timestamptz not null default now(),
    deleted_at timestamptz
  )`.execute(db);
  await sql`create index tawidh_pinjaman_idx on tawidh (pinjaman_id)`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop table if exists tawidh`.execute(db);
  await sql`drop table if exists dana_kebajikan`.execute(db);
  await sql`drop table if exists tazir`.execute(db);
  await sql`alter table pinjaman drop column if exists tazir_tenggang_hari`.execute(db);
  await sql`alter table pinjaman drop column if exists tazir_jumlah`.execute(db);
}
