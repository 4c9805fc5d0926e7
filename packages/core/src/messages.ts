/**
 * Every Indonesian validation text, in one place. Texts quoted by spec §5 (and decisions §3) are
 * copied verbatim; the others were added where the spec sets no rule (marked "added").
 */
export const messages = {
  common: {
    /** added */
    dateInvalid: 'Format tanggal tidak valid. Gunakan format YYYY-MM-DD',
    /** added */
    dateOutOfRange: 'Tahun pada tanggal harus antara 1900 dan 2100',
    /** added */
    idInvalid: 'ID tidak valid',
    /** added */
    textInvalid: 'Isian harus berupa teks',
    /** added: a NUL character cannot be stored (PostgreSQL text) */
    textNulChar: 'Isian mengandung karakter yang tidak diizinkan',
    /** added */
    validationFailed: 'Terdapat kesalahan validasi',
  },
  nasabah: {
    namaRequired: 'Nama tidak boleh kosong',
    /** added */
    namaMax: 'Nama maksimal 150 karakter',
    nikRequired: 'NIK tidak boleh kosong',
    nikMin: 'NIK harus minimal 16 digit',
    /** added */
    nikMax: 'NIK maksimal 16 digit',
    /** added */
    nikDigits: 'NIK hanya boleh berisi angka',
    teleponRequired: 'Nomor telepon tidak boleh kosong',
    teleponInvalid: 'Format nomor telepon tidak valid',
    /** added */
    teleponMax: 'Nomor telepon maksimal 30 karakter',
    alamatRequired: 'Alamat tidak boleh kosong',
    /** added */
    alamatMax: 'Alamat maksimal 500 karakter',
    kecamatanRequired: 'Kecamatan tidak boleh kosong',
    /** added */
    kecamatanMax: 'Kecamatan maksimal 100 karakter',
    kotaRequired: 'Kota tidak boleh kosong',
    /** added */
    kotaMax: 'Kota maksimal 100 karakter',
    /** added */
    statusInvalid: 'Status nasabah harus aktif atau nonaktif',
    /** added (issue 24) */
    terimaPengingatInvalid: 'Pilihan pengingat WhatsApp harus ya atau tidak',
    /** decisions §3 (409) */
    nikTaken: 'NIK sudah terdaftar',
    /** decisions §3 (409) */
    hasActiveLoan: 'Nasabah masih memiliki pinjaman aktif',
  },
  pinjaman: {
    nasabahRequired: 'Nasabah harus dipilih',
    tanggalPinjamRequired: 'Tanggal pinjam harus diisi',
    jumlahPositive: 'Jumlah pinjaman harus lebih dari 0',
    /** added */
    jumlahNotNumber: 'Jumlah pinjaman harus berupa angka',
    /** added */
    jumlahInteger: 'Jumlah pinjaman harus dalam rupiah bulat (tanpa desimal)',
    /** added */
    jumlahMax: 'Jumlah pinjaman maksimal Rp 1.000.000.000.000',
    /** added */
    persentaseRequired: 'Persentase harus diisi',
    persentaseNegative: 'Persentase tidak boleh negatif',
    /** added */
    persentaseNotNumber: 'Persentase harus berupa angka',
    /** added */
    persentaseMax: 'Persentase maksimal 100',
    /** added */
    persentaseDecimals: 'Persentase maksimal 2 angka di belakang koma',
    tipeRequired: 'Tipe pinjaman harus dipilih',
    durasiRequired: 'Durasi angsuran harus lebih dari 0 untuk tipe pokok',
    /** added */
    durasiNotNumber: 'Durasi angsuran harus berupa angka',
    /** added */
    durasiInteger: 'Durasi angsuran harus berupa bilangan bulat (bulan)',
    /** added */
    durasiMax: 'Durasi angsuran maksimal 360 bulan',
    /** added */
    urutanMin: 'Urutan pinjaman minimal 1',
    /** added */
    urutanInteger: 'Urutan pinjaman harus berupa bilangan bulat',
    /** added */
    urutanMax: 'Urutan pinjaman maksimal 999',
    /** added */
    nomorMax: 'Nomor pinjaman maksimal 50 karakter',
    /** added */
    jaminanMax: 'Jaminan maksimal 500 karakter',
    /** added */
    keteranganMax: 'Keterangan maksimal 1000 karakter',
    /** added */
    statusInvalid: 'Status pinjaman harus aktif, lunas, atau macet',
    /** added (issue 48): where the money of the akad was paid from */
    akunKasInvalid: 'Akun pencairan harus akun kas atau bank yang aktif',
  },
  pembayaran: {
    pinjamanRequired: 'Pinjaman harus dipilih',
    tanggalRequired: 'Tanggal pembayaran harus diisi',
    jumlahPositive: 'Jumlah pembayaran harus lebih dari 0',
    /** added */
    jumlahNotNumber: 'Jumlah pembayaran harus berupa angka',
    /** added */
    jumlahInteger: 'Jumlah pembayaran harus dalam rupiah bulat (tanpa desimal)',
    /** added */
    jumlahMax: 'Jumlah pembayaran maksimal Rp 1.000.000.000.000',
    jenisRequired: 'Jenis pembayaran harus dipilih',
    angsuranKeRequired: 'Angsuran ke harus lebih dari 0 untuk jenis angsuran',
    /** added */
    angsuranKeNotNumber: 'Angsuran ke harus berupa angka',
    /** added */
    angsuranKeInteger: 'Angsuran ke harus berupa bilangan bulat positif',
    /** added */
    angsuranKeMax: 'Angsuran ke maksimal 360',
    /** added */
    keteranganMax: 'Keterangan maksimal 1000 karakter',
    /** added (issue 48): where the money was received */
    akunKasInvalid: 'Akun penerimaan harus akun kas atau bank yang aktif',
  },
  kwitansi: {
    typeNotAllowed: 'Hanya file JPEG, PNG, dan PDF yang diperbolehkan',
    tooLarge: 'Ukuran file maksimal 5MB',
    /** added */
    empty: 'File kwitansi kosong',
  },
  whatsapp: {
    messageRequired: 'Pesan harus diisi',
    messageMax: 'Pesan maksimal 1000 karakter',
    nameRequired: 'Nama harus diisi',
    nameMax: 'Nama maksimal 255 karakter',
    phoneRequired: 'Nomor telepon harus diisi',
    phoneInvalid: 'Format nomor telepon tidak valid. Gunakan format 08xxx atau 62xxx',
    /** added */
    statusInvalid: 'Status harus active atau inactive',
  },
  /** added (issue 48): the chart of accounts and the posting roles */
  akuntansi: {
    /** added */
    hanyaPembukuan: 'Hanya admin dan manajer yang dapat melihat pembukuan',
    /** added: the journals are also open to operators (those they posted) */
    hanyaJurnal: 'Hanya admin, manajer dan operator yang dapat melihat jurnal',
    /** added */
    akunRequired: 'Akun harus dipilih',
    /** added */
    sumberInvalid: 'Filter sumber jurnal tidak valid',
    /** added */
    pdfTerlaluBanyak: 'Terlalu banyak baris untuk satu PDF; persempit periode atau filter, atau ekspor ke Excel',
    kodeRequired: 'Kode akun harus diisi',
    kodeInvalid: 'Kode akun berupa angka, boleh dipisah titik (mis. 1103 atau 1102.01), paling banyak 20 karakter',
    namaRequired: 'Nama akun harus diisi',
    namaMax: 'Nama akun maksimal 120 karakter',
    kelompokRequired: 'Pilih kelompok akun',
    saldoNormalInvalid: 'Saldo normal harus debit atau kredit',
    kasBankInvalid: 'Tandai kas/bank dengan ya atau tidak',
    aktifInvalid: 'Status aktif harus ya atau tidak',
    peranInvalid: 'Peran posting tidak dikenal',
    akunNotFound: 'Akun tidak ditemukan',
    kasBankAset: 'Hanya akun aset bersaldo normal debit yang dapat menjadi akun kas atau bank',
    kodeTaken: (kode: string) => `Kode akun ${kode} sudah dipakai akun lain`,
    terpakaiTetap: (kode: string) =>
      `Akun ${kode} sudah dipakai jurnal: kode, kelompok dan saldo normalnya tidak dapat diubah lagi; buat akun baru bila perlu`,
    masihDipetakan: (kode: string) =>
      `Akun ${kode} masih menerima posting otomatis; pindahkan dulu pemetaan perannya ke akun lain`,
    kasBankDipakai: (kode: string) => `Akun ${kode} menerima uang tunai; tetap harus ditandai sebagai kas/bank`,
    terpakaiHapus: (kode: string) => `Akun ${kode} sudah dipakai dan tidak dapat dihapus; nonaktifkan saja`,
    peranTidakCocok: (kelompok: string, saldo: string) =>
      `Akun untuk peran ini harus akun ${kelompok} bersaldo normal ${saldo} yang aktif`,
    peranKasBank: 'Akun untuk uang tunai harus akun kas/bank yang aktif',
    satuPeran: (kode: string, peran: string) =>
      `Akun ${kode} sudah menerima posting ${peran.toLowerCase()}; satu akun untuk satu peran`,
  },
  /** What a 404 says (decisions §3: one Indonesian message per missing thing). */
  notFound: {
    nasabah: 'Nasabah tidak ditemukan',
    pinjaman: 'Pinjaman tidak ditemukan',
    pembayaran: 'Pembayaran tidak ditemukan',
    pengguna: 'Pengguna tidak ditemukan',
    penerima: 'Penerima notifikasi tidak ditemukan',
    file: 'File tidak ditemukan',
    /** added (issue 48) */
    akun: 'Akun tidak ditemukan di bagan akun',
  },
  listQuery: {
    /** added */
    pageMin: 'Halaman minimal 1',
    /** added */
    pageInteger: 'Halaman harus berupa bilangan bulat',
    /** added */
    limitMin: 'Limit minimal 1',
    /** added */
    limitMax: 'Limit maksimal 1000',
    /** added */
    activityLimitMax: 'Limit maksimal 100',
    /** added */
    limitInteger: 'Limit harus berupa bilangan bulat',
    /** added */
    searchMax: 'Kata kunci pencarian maksimal 100 karakter',
    /** added */
    sortByInvalid: 'Kolom pengurutan tidak valid',
    /** added */
    sortOrderInvalid: 'Arah pengurutan harus asc atau desc',
    /** added */
    statusInvalid: 'Filter status tidak valid',
    /** added */
    tipeInvalid: 'Filter tipe tidak valid',
    /** added (issue 23) */
    kolektibilitasInvalid: 'Filter kolektibilitas harus 1 sampai 5',
    /** added (issue 23) */
    minHariInvalid: 'Minimal hari tunggakan harus bilangan bulat 1 sampai 36500',
    /** added (issue 23) */
    wilayahMax: 'Filter kota atau kecamatan maksimal 100 karakter',
    /** added */
    jenisInvalid: 'Filter jenis tidak valid',
    /** added (issue 26) */
    formatInvalid: 'Format ekspor harus xlsx atau csv',
    /** added (issue 26) */
    bulanInvalid: 'Bulan harus berupa tahun dan bulan (YYYY-MM)',
    /** added (issue 26) */
    bulanAhead: 'Bulan tidak boleh melewati bulan ini',
    /** added */
    monthInvalid: 'Bulan harus antara 1 dan 12',
    /** added */
    yearInvalid: 'Tahun harus antara 2000 dan 2100',
    /** added (issue 24) */
    dateRangeInvalid: 'Tanggal akhir tidak boleh sebelum tanggal awal',
  },
  /** The books (issue 48): who may read them, and the filters of their screens. */

  /** Words the reports show for what is missing (issue 26): on the screens and in their files alike. */
  laporan: {
    tanpaKota: '(tanpa kota)',
    tanpaKecamatan: '(tanpa kecamatan)',
    petugasTidakDiketahui: 'Tidak diketahui',
  },
} as const;
