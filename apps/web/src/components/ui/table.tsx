import type { ComponentProps, HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from './cn';

/** A data table in a card; scrolls sideways instead of overflowing the page. */
export function Table({ className, caption, children, ...props }: ComponentProps<'table'> & { caption?: string }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-line bg-white shadow-xs">
      <table className={cn('w-full border-collapse text-left text-sm', className)} {...props}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        {children}
      </table>
    </div>
  );
}

export function THead({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn('bg-canvas text-xs font-semibold tracking-wide text-muted uppercase', className)} {...props} />;
}

/** A column's header, alone or with the classes of its header cell (alignment, width, when it shows). */
export type TableColumn = string | { header: string; className: string };

/** A right-aligned column (amounts, counts). */
export const rightAligned = (header: string): TableColumn => ({ header, className: 'text-right' });

/** A table's head of one row: a header cell per column, left to right, then `children` (e.g. 'Aksi'). */
export function TableHead({ columns, children }: { columns: readonly TableColumn[]; children?: ReactNode }) {
  return (
    <THead>
      <tr>
        {columns.map((column) =>
          typeof column === 'string' ? (
            <Th key={column}>{column}</Th>
          ) : (
            <Th key={column.header} className={column.className}>
              {column.header}
            </Th>
          ),
        )}
        {children}
      </tr>
    </THead>
  );
}

export function TBody({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn('divide-y divide-line', className)} {...props} />;
}

export function Tr({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('align-middle transition-colors hover:bg-brand-50/40', className)} {...props} />;
}

export function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn('px-4 py-3 whitespace-nowrap', className)} {...props} />;
}

export function Td({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-4 py-3', className)} {...props} />;
}

/** Keeps the height of the rows a long table does not render (use-window-rows.ts), so the page scrolls as through all of them. */
export function SpacerRow({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden="true">
      <td colSpan={columns} style={{ height, padding: 0 }} />
    </tr>
  );
}
