import { lazy, Suspense, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { AlarmClock, FileBarChart, LayoutDashboard, LogOut, Menu, Users, Wallet, Receipt, MoreHorizontal, X } from 'lucide-react';
import { useAuth } from '../../features/auth';
import { useInstitutionName } from '../../lib/institution';
import { cn } from '../../components/ui/cn';
import { Logo } from './logo';
import { ErrorBoundary } from '../error-boundary';

// The approval badge (issue 27 A) comes in its own chunk, after the first screen.
const WaitingBadge = lazy(() => import('../../features/persetujuan/components/waiting-badge'));

const links = [
  { to: '/dashboard', label: 'Dashboard', Icon: LayoutDashboard },
  { to: '/nasabah', label: 'Nasabah', Icon: Users },
  { to: '/pinjaman', label: 'Pinjaman', Icon: Wallet },
  { to: '/pembayaran', label: 'Pembayaran', Icon: Receipt },
  { to: '/tunggakan', label: 'Tunggakan', Icon: AlarmClock },
  { to: '/laporan', label: 'Laporan', Icon: FileBarChart },
  { to: '/lainnya', label: 'Lainnya', Icon: MoreHorizontal },
];

// Pages reached from Lainnya keep Lainnya highlighted.
const lainnyaChildren = [
  '/wa-settings',
  '/wa-notification-recipients',
  '/wa-notifikasi',
  '/wa-riwayat-pesan',
  '/wa-pengingat',
  '/profil',
  '/pengguna',
  '/kolektibilitas',
  '/kebajikan',
];

// The approval queue belongs to Pinjaman.
const pinjamanChildren = ['/persetujuan'];

/** 'Logout' with its icon: in the header on a desktop, at the foot of the menu on smaller screens. */
function LogoutButton({ onLogout, className }: { onLogout(): Promise<void>; className: string }) {
  return (
    <button type="button" onClick={() => void onLogout()} className={className}>
      <LogOut className="h-4 w-4" aria-hidden="true" />
      Logout
    </button>
  );
}

/** The common layout of every signed-in page (spec §2). */
export function AppLayout() {
  const { user, logout } = useAuth();
  const location = useLocation();
  // The phone menu is open for the page it was opened on: navigating closes it by itself.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = menuOpenedAt === location.pathname;
  const name = useInstitutionName();

  const isActive = (to: string) =>
    location.pathname === to ||
    location.pathname.startsWith(`${to}/`) ||
    (to === '/lainnya' && lainnyaChildren.some((p) => location.pathname.startsWith(p))) ||
    (to === '/pinjaman' && pinjamanChildren.some((p) => location.pathname.startsWith(p)));

  const navItems = (variant: 'desktop' | 'mobile') =>
    links.map(({ to, label, Icon }) => (
      <NavLink
        key={to}
        to={to}
        aria-current={isActive(to) ? 'page' : undefined}
        className={cn(
          'flex items-center gap-2 rounded-lg text-sm font-medium transition-colors',
          variant === 'desktop' ? 'px-3 py-2' : 'px-3 py-3',
          isActive(to) ? 'bg-brand-700 text-white shadow-sm' : 'text-brand-50/90 hover:bg-brand-800 hover:text-white',
        )}
      >
        {/* Below 1536 px the seven links fit beside the institution's name and the user only without their icons. */}
        <Icon className={variant === 'desktop' ? 'hidden h-4 w-4 2xl:block' : 'h-4 w-4'} aria-hidden="true" />
        {label}
        {to === '/pinjaman' ? (
          <Suspense fallback={null}>
            <WaitingBadge />
          </Suspense>
        ) : null}
      </NavLink>
    ));

  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-40 bg-brand-900 text-white shadow-md">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 lg:px-6">
          <NavLink to="/dashboard" className="flex min-w-0 items-center gap-2.5" aria-label={`${name} — Dashboard`}>
            <Logo className="h-9 w-9 shrink-0" />
            <span className="truncate text-base font-semibold tracking-tight">{name}</span>
          </NavLink>
          <nav aria-label="Navigasi utama" className="ml-6 hidden items-center gap-1 lg:flex">
            {navItems('desktop')}
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <span
              className="hidden max-w-40 truncate text-sm text-brand-100 sm:inline lg:hidden xl:inline xl:max-w-56"
              data-testid="user-name"
            >
              {user?.nama_lengkap || user?.username}
            </span>
            <LogoutButton
              onLogout={logout}
              className="hidden items-center gap-2 rounded-lg border border-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-800 lg:inline-flex"
            />
            <button
              type="button"
              className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-white hover:bg-brand-800 lg:hidden"
              aria-label={menuOpen ? 'Tutup menu' : 'Buka menu'}
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => setMenuOpenedAt(menuOpen ? null : location.pathname)}
            >
              {menuOpen ? <X className="h-5 w-5" aria-hidden="true" /> : <Menu className="h-5 w-5" aria-hidden="true" />}
            </button>
          </div>
        </div>
        {menuOpen ? (
          <div id="mobile-menu" className="border-t border-brand-800 px-4 pb-4 lg:hidden">
            <p className="py-3 text-sm text-brand-100 sm:hidden">
              Masuk sebagai <span className="font-semibold text-white">{user?.nama_lengkap || user?.username}</span>
            </p>
            <nav aria-label="Navigasi utama (seluler)" className="grid gap-1">
              {navItems('mobile')}
            </nav>
            <LogoutButton
              onLogout={logout}
              className="mt-2 flex w-full items-center gap-2 rounded-lg px-3 py-3 text-sm font-medium text-brand-50 hover:bg-brand-800"
            />
          </div>
        ) : null}
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6 lg:px-6 lg:py-8">
        <ErrorBoundary resetKey={location.pathname}>
          <Outlet />
        </ErrorBoundary>
      </main>
    </div>
  );
}
