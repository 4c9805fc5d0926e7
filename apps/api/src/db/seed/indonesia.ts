// Plausible Indonesian names and real kecamatan/kota pairs for demo and scale data.
export const firstNames = [
  'Ahmad', 'Siti', 'Budi', 'Dewi', 'Agus', 'Sri', 'Muhammad', 'Nur', 'Rudi', 'Rina', 'Hendra', 'Wati', 'Joko', 'Lestari',
  'Eko', 'Fitri', 'Bambang', 'Yuni', 'Dedi', 'Ratna', 'Andi', 'Indah', 'Hasan', 'Aisyah', 'Irfan', 'Nurul', 'Taufik',
  'Maya', 'Fajar', 'Intan', 'Rahmat', 'Sari', 'Yusuf', 'Kartini', 'Arif', 'Endang', 'Hidayat', 'Rosita', 'Slamet', 'Umi',
];
export const lastNames = [
  'Santoso', 'Rahmawati', 'Hidayat', 'Saputra', 'Wijaya', 'Lestari', 'Kurniawan', 'Susanti', 'Pratama', 'Handayani',
  'Setiawan', 'Nugroho', 'Rahman', 'Fauzi', 'Hakim', 'Siregar', 'Nasution', 'Harahap', 'Permana', 'Maulana', 'Syahputra',
  'Hasibuan', 'Gunawan', 'Purnomo', 'Suryani', 'Firmansyah', 'Ramadhan', 'Utami', 'Sulistyo', 'Wahyudi',
];
export const places: readonly { kecamatan: string; kota: string; nik: string }[] = [
  { kecamatan: 'Bogor Tengah', kota: 'Kota Bogor', nik: '327101' },
  { kecamatan: 'Tanah Sareal', kota: 'Kota Bogor', nik: '327106' },
  { kecamatan: 'Cibinong', kota: 'Kabupaten Bogor', nik: '320101' },
  { kecamatan: 'Beji', kota: 'Kota Depok', nik: '327601' },
  { kecamatan: 'Sukmajaya', kota: 'Kota Depok', nik: '327604' },
  { kecamatan: 'Coblong', kota: 'Kota Bandung', nik: '327318' },
  { kecamatan: 'Sukajadi', kota: 'Kota Bandung', nik: '327310' },
  { kecamatan: 'Bekasi Timur', kota: 'Kota Bekasi', nik: '327501' },
  { kecamatan: 'Tebet', kota: 'Kota Jakarta Selatan', nik: '317401' },
  { kecamatan: 'Cakung', kota: 'Kota Jakarta Timur', nik: '317507' },
  { kecamatan: 'Ciputat', kota: 'Kota Tangerang Selatan', nik: '367401' },
  { kecamatan: 'Serpong', kota: 'Kota Tangerang Selatan', nik: '367402' },
  { kecamatan: 'Banyumanik', kota: 'Kota Semarang', nik: '337409' },
  { kecamatan: 'Gondokusuman', kota: 'Kota Yogyakarta', nik: '347104' },
  { kecamatan: 'Lowokwaru', kota: 'Kota Malang', nik: '357305' },
];
export const streets = [
  'Jl. Merdeka', 'Jl. Pahlawan', 'Jl. Sudirman', 'Jl. Diponegoro', 'Jl. Kartini', 'Jl. Pasar Baru', 'Jl. Masjid Raya',
  'Jl. Kebon Jeruk', 'Jl. Melati', 'Jl. Mawar', 'Jl. Anggrek', 'Gg. Haji Naim', 'Jl. Cempaka', 'Jl. Raya Bogor',
];
export const businesses = [
  'Warung sembako', 'Konveksi', 'Bengkel motor', 'Katering', 'Toko kelontong', 'Warung makan', 'Usaha laundry', 'Kios pulsa',
  'Produksi keripik', 'Toko bangunan', 'Budidaya lele', 'Penjahit', 'Toko kue', 'Percetakan',
];
export const collaterals = ['BPKB sepeda motor', 'BPKB mobil', 'Sertifikat tanah', 'Emas 10 gram', 'Surat kios pasar', 'Tanpa jaminan'];

/** A plausible 16-digit NIK: region code, birth date (women +40 on the day), serial. */
export function makeNik(regionCode: string, day: number, month: number, year: number, female: boolean, serial: number) {
  const dd = String(day + (female ? 40 : 0)).padStart(2, '0');
  return `${regionCode}${dd}${String(month).padStart(2, '0')}${String(year % 100).padStart(2, '0')}${String(serial).padStart(4, '0')}`;
}
