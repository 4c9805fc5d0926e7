/** Test data the flows share: a customer's form (the n-th one gets its own NIK) and a Murabahah's. */
export const nasabahPayload = (nama: string, n: number) => ({
  nama,
  nik: `32010000000${String(n).padStart(5, '0')}`,
  telepon: '081234567890',
  alamat: 'Jl. Pasar Baru 3',
  kecamatan: 'Cibinong',
  kota: 'Bogor',
});

/** A Murabahah of `nomor` for a customer, granted on `tanggal`: Rp 12.000.000 at 2 % for 12 months unless told. */
export const murabahahPayload = (nasabahId: number, nomor: string, tanggal: string, fields: Record<string, unknown> = {}) => ({
  nasabah_id: nasabahId,
  nomor_pinjaman: nomor,
  tanggal_pinjam: tanggal,
  jumlah: 12_000_000,
  persentase: 2,
  tipe: 'pokok',
  jaminan: null,
  keterangan: null,
  durasi_angsuran: 12,
  ...fields,
});

/** A real 1 × 1 PNG (a receipt photo the browser decodes and shows). */
export const tinyPng = () =>
  new Blob(
    [
      new Uint8Array(
        Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'),
      ),
    ],
    { type: 'image/png' },
  );
