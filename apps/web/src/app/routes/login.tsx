import { Navigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { LoginForm } from '../../features/auth/components/login-form';
import { useAuth } from '../../features/auth';
import { institutionName } from '../../lib/institution';
import { Logo } from '../layout/logo';

export default function LoginPage() {
  const { user } = useAuth();
  if (user) return <Navigate to="/dashboard" replace />;
  const name = institutionName();
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 px-4 py-8">
      <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center">
        <div className="mb-6 flex items-center justify-center gap-3 text-white">
          <Logo className="h-11 w-11" />
          <span className="text-xl font-semibold tracking-tight">{name}</span>
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-2xl sm:p-8">
          <h1 className="text-center text-2xl font-bold tracking-wide text-brand-900">LOGIN AKUN</h1>
          <p className="mt-1 mb-6 text-center text-sm text-muted">Masuk untuk mengelola nasabah, pinjaman dan pembayaran.</p>
          <LoginForm />
        </div>
        <a
          href="/"
          className="mx-auto mt-6 inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm text-brand-50 hover:text-white"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Kembali ke beranda
        </a>
      </div>
    </div>
  );
}
