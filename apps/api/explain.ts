import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect } from 'kysely';
import { listPinjaman } from './src/modules/pinjaman/pinjaman.repository';
import { listPembayaran } from './src/modules/pembayaran/pembayaran.repository';
import { listNasabah } from './src/modules/nasabah/nasabah.repository';
import { pinjamanListQuerySchema, pembayaranListQuerySchema, nasabahListQuerySchema } from '@mizan/core';
const client = await PGlite.create({ dataDir: '/work/main/data-scale/db', extensions: { pg_trgm }, parsers: { 20: Number, 1700: Number, 1082: (v: string) => v } });
const queries: { sql: string; parameters: readonly unknown[] }[] = [];
const db = new Kysely<any>({ dialect: new PGliteDialect({ pglite: client }), log: (e) => { if (e.level === 'query') queries.push(e.query); } });
const [kind, qs] = [process.argv[2], process.argv[3] ?? ''];
const params = Object.fromEntries(new URLSearchParams(qs));
const list = { pinjaman: [listPinjaman, pinjamanListQuerySchema], pembayaran: [listPembayaran, pembayaranListQuerySchema], nasabah: [listNasabah, nasabahListQuerySchema] } as any;
const [fn, schema] = list[kind];
await fn(db, schema.parse(params));
for (const q of queries) {
  console.log(q.sql, q.parameters);
  for (let i = 0; i < 4; i++) await client.query(q.sql, q.parameters as any[]);
  const t0 = performance.now(); for (let i = 0; i < 10; i++) await client.query(q.sql, q.parameters as any[]); console.log("avg ms", ((performance.now() - t0) / 10).toFixed(1));
  const res = await client.query(`explain (analyze, buffers, timing off) ${q.sql}`, q.parameters as any[]);
  console.log(res.rows.map((r: any) => r['QUERY PLAN']).join('\n'));
}
await client.close();
