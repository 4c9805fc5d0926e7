import { Component, type ReactNode } from 'react';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';

/**
 * A page that fails while rendering (or whose code cannot be loaded, e.g. after an upgrade of the
 * server) shows this instead of a blank screen; moving to another page (`resetKey`) tries again.
 */
export class ErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('Halaman gagal ditampilkan', error);
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="mx-auto max-w-xl p-4">
        <Alert tone="error" title="Halaman gagal ditampilkan">
          <p>Terjadi kesalahan di aplikasi. Muat ulang halaman untuk mencoba lagi.</p>
          <Button className="mt-3" onClick={() => window.location.reload()} aria-label="Muat ulang halaman">
            Muat ulang
          </Button>
        </Alert>
      </div>
    );
  }
}
