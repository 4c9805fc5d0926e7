import { Placeholder } from './placeholder';

export default function Page() {
  return <Placeholder title="Penerima Notifikasi WA" />;
}
