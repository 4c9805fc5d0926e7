import { lazy, Suspense, type ComponentType } from 'react';
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { ProtectedRoute } from './protected-route';
import { Root } from './root';
import { Spinner } from '../components/ui/spinner';
import { storage } from '../lib/storage';
import type { QueryClient } from '@tanstack/react-query';

type PageModule = {
  default: ComponentType;
  /** Asks for the page's first data before its first render (a page of a cold load). */
  prepare?: (queryClient: QueryClient, location: Pick<Location, 'search'>) => Promise<unknown>;
};

/** Each page element's loader, for preparePage (below). */
const loaders = new WeakMap<object, () => Promise<PageModule>>();

// Every page is its own chunk, loaded when first visited. A page whose code is already here renders
// at once: its lazy component is handed a thenable that answers synchronously, so React shows no
// fallback (and does not hold the page back for its fallback's minimum time).
const page = (load: () => Promise<PageModule>) => {
  let loaded: PageModule | null = null;
  const ready = () => load().then((module) => (loaded = module));
  const Page = lazy(() =>
    loaded ? ({ then: (resolve: (module: PageModule) => void) => resolve(loaded!) } as Promise<PageModule>) : ready(),
  );
  const element = (
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
  loaders.set(element, ready);
  return element;
};

const routes: RouteObject[] = [
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
              { path: '/laporan/neraca-saldo', element: page(() => import('./routes/laporan-neraca-saldo')) },
              { path: '/laporan/jurnal', element: page(() => import('./routes/laporan-jurnal')) },
              { path: '/laporan/buku-besar', element: page(() => import('./routes/laporan-buku-besar')) },
              { path: '/laporan/bagan-akun', element: page(() => import('./routes/laporan-bagan-akun')) },
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
              { path: '/pengaturan-akun', element: page(() => import('./routes/pengaturan-akun')) },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
];

/**
 * The app's pages, routed declaratively inside `<BrowserRouter>` (main.tsx). The data router
 * (`createBrowserRouter`: loaders, actions, fetchers) is not used: leaving it out of the build
 * takes ~19 KB (gzip) off every first load (issue 28 C, docs/decisions/phone.md).
 */
export function AppRoutes() {
  return useRoutes(routes);
}

/** How long the first render waits for the page's first data once its code is here. */
const PREPARE_WAIT_MS = 800;

/**
 * Loads the code of the page at `location` (a cold load: the server announced its files, so they
 * are on their way), and, signed in, its first data for a short while, so that the first render
 * shows the page with its rows rather than a spinner and then a skeleton (issue 28 C). Resolves
 * either way: a page whose code or data failed shows its own error when rendered.
 */
export async function preparePage(location: Pick<Location, 'pathname' | 'search'>, queryClient: QueryClient) {
  const matches = matchRoutes(routes, location.pathname) ?? [];
  const signedIn = storage.getToken() !== null;
  await Promise.all(
    matches.map(async (match) => {
      const module = await loaders
        .get(match.route.element as object)?.()
        .catch(() => null);
      if (!module?.prepare || !signedIn) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        module.prepare(queryClient, location).catch(() => {}),
        new Promise((resolve) => (timer = setTimeout(resolve, PREPARE_WAIT_MS))),
      ]);
      clearTimeout(timer);
    }),
  );
}
