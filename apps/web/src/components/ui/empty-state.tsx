import type { ReactNode } from 'react';
import { Inbox } from 'lucide-react';

export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 px-4 py-12 text-center">
      <Inbox className="h-10 w-10 text-brand-300" aria-hidden="true" />
      <p className="text-sm text-muted">{message}</p>
      {action}
    </div>
  );
}
