import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Inbox, SearchX } from 'lucide-react';
import { buttonClasses } from './button';
import { Card, CardBody } from './card';

export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 px-4 py-12 text-center">
      <Inbox className="h-10 w-10 text-brand-300" aria-hidden="true" />
      <p className="text-sm text-muted">{message}</p>
      {action}
    </div>
  );
}

/** A detail page whose record cannot be shown: 'Data Tidak Ditemukan', why (`message`), and the way back to its list. */
export function NotFoundCard({ message, backTo, backText }: { message: string; backTo: string; backText: string }) {
  return (
    <Card className="mx-auto max-w-md text-center">
      <CardBody className="flex flex-col items-center gap-3 py-10">
        <SearchX className="h-10 w-10 text-brand-300" aria-hidden="true" />
        <h1 className="text-xl font-bold text-ink">Data Tidak Ditemukan</h1>
        <p className="text-sm text-muted">{message}</p>
        <Link to={backTo} className={buttonClasses('primary', 'md')}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {backText}
        </Link>
      </CardBody>
    </Card>
  );
}
