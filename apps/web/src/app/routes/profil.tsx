import { PageHeader } from '../../components/ui/page-header';
import { ProfileForm } from '../../features/account/components/profile-form';
import { ChangePasswordForm } from '../../features/account/components/change-password-form';

export default function ProfilPage() {
  return (
    <>
      <PageHeader title="Profil Saya" subtitle="Ubah nama, username dan password akun Anda." />
      <div className="grid gap-6 lg:grid-cols-2">
        <ProfileForm />
        <ChangePasswordForm />
      </div>
    </>
  );
}
