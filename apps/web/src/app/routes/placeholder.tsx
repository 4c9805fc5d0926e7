import { PageHeader } from '../../components/ui/page-header';

/** A page whose feature has not been built yet. */
export function Placeholder({ title }: { title: string }) {
  return <PageHeader title={title} subtitle="Halaman ini sedang disiapkan." />;
}
