import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { ProtectedRoute } from './protected-route';
import { Root } from './root';
import { Spinner } from '../components/ui/spinner';

// Every page is its own chunk, loaded when first visited.
const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      }
    >
      <Page />
    </Suspense>
  );
};

export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { path: '/login', element: page(() => import('./routes/login')) },
      {
        element: <ProtectedRoute />,
        children: [
          // Print views: the document alone, without the app's navigation.
          { path: '/cetak/:jenis/:id', element: page(() => import('./routes/cetak')) },
          {
            element: <AppLayout />,
            children: [
              { path: '/dashboard', element: page(() => import('./routes/dashboard')) },
              { path: '/nasabah', element: page(() => import('./routes/nasabah-list')) },
              { path: '/nasabah/:id', element: page(() => import('./routes/nasabah-detail')) },
              { path: '/pinjaman', element: page(() => import('./routes/pinjaman-list')) },
              { path: '/pinjaman/:id', element: page(() => import('./routes/pinjaman-detail')) },
              { path: '/persetujuan', element: page(() => import('./routes/persetujuan')) },
              { path: '/kebajikan', element: page(() => import('./routes/kebajikan')) },
              { path: '/pembayaran', element: page(() => import('./routes/pembayaran-list')) },
              { path: '/pembayaran/:id', element: page(() => import('./routes/pembayaran-detail')) },
              { path: '/tunggakan', element: page(() => import('./routes/tunggakan')) },
              { path: '/laporan', element: page(() => import('./routes/laporan')) },
              { path: '/laporan/rekap-harian', element: page(() => import('./routes/laporan-rekap-harian')) },
              { path: '/laporan/pencairan', element: page(() => import('./routes/laporan-pencairan')) },
              { path: '/laporan/pendapatan', element: page(() => import('./routes/laporan-pendapatan')) },
              { path: '/laporan/penagihan', element: page(() => import('./routes/laporan-penagihan')) },
              { path: '/laporan/kolektibilitas', element: page(() => import('./routes/laporan-kolektibilitas')) },
              { path: '/lainnya', element: page(() => import('./routes/lainnya')) },
              { path: '/wa-settings', element: page(() => import('./routes/wa-settings')) },
              { path: '/wa-notification-recipients', element: page(() => import('./routes/wa-notification-recipients')) },
              { path: '/wa-notifikasi', element: page(() => import('./routes/wa-notifikasi')) },
              { path: '/wa-riwayat-pesan', element: page(() => import('./routes/wa-riwayat-pesan')) },
              { path: '/wa-pengingat', element: page(() => import('./routes/wa-pengingat')) },
              { path: '/profil', element: page(() => import('./routes/profil')) },
              { path: '/pengguna', element: page(() => import('./routes/pengguna')) },
              { path: '/kolektibilitas', element: page(() => import('./routes/kolektibilitas')) },
              { path: '/profil-lembaga', element: page(() => import('./routes/profil-lembaga')) },
              { path: '/impor', element: page(() => import('./routes/impor')) },
              { path: '/cadangan', element: page(() => import('./routes/cadangan')) },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
]);
