import { forwardRef, useState, type InputHTMLAttributes } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { Eye, EyeOff, LogIn } from 'lucide-react';
import { loginSchema, type LoginInput } from '@mizan/core';
import { ApiError } from '../../../lib/api-client';
import { MessageAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { useAuth } from '../auth-provider';

/** The sign-in form of spec §2 and §5. */
export function LoginForm() {
  const { login } = useAuth();
  const { showToast } = useToast();
  const navigate = useNavigate();
  const [showPassword, setShowPassword] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { username: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await login(values);
      showToast('Login berhasil! Selamat datang kembali.', 'success');
      navigate('/dashboard', { replace: true });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const fieldError of error.errors) {
          if (fieldError.path === 'username' || fieldError.path === 'password')
            setError(fieldError.path, { message: fieldError.msg });
        }
        const message = error.status === 0 || !error.message ? 'Login gagal. Silakan coba lagi.' : error.message;
        setFailure(message);
        showToast(message, 'error');
      } else {
        setFailure('Terjadi kesalahan. Silakan coba lagi.');
        showToast('Terjadi kesalahan. Silakan coba lagi.', 'error');
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate={false} className="space-y-4">
      <MessageAlert tone="error" title="Login Gagal" message={failure} />
      <Field label="Username" error={errors.username?.message} required>
        <Input autoComplete="username" autoCapitalize="none" autoFocus required {...register('username')} />
      </Field>
      <Field label="Password" error={errors.password?.message} required>
        <PasswordInput show={showPassword} onToggle={() => setShowPassword((s) => !s)} {...register('password')} />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        <LogIn className="h-4 w-4" aria-hidden="true" />
        {isSubmitting ? 'Memproses...' : 'Masuk'}
      </Button>
    </form>
  );
}

const PasswordInput = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & { show: boolean; onToggle(): void; invalid?: boolean }
>(function PasswordInput({ show, onToggle, invalid, ...props }, ref) {
  return (
    <div className="relative">
      <Input
        ref={ref}
        type={show ? 'text' : 'password'}
        autoComplete="current-password"
        required
        invalid={invalid}
        className="pr-11"
        {...props}
      />
      <button
        type="button"
        onClick={onToggle}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-muted hover:text-ink"
        aria-label={show ? 'Sembunyikan password' : 'Tampilkan password'}
        aria-pressed={show}
      >
        {show ? <EyeOff className="h-4 w-4" aria-hidden="true" /> : <Eye className="h-4 w-4" aria-hidden="true" />}
      </button>
    </div>
  );
});
