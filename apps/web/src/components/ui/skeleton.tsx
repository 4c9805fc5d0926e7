import { cn } from './cn';

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-brand-100/60', className)} />;
}

/** A placeholder of lines while something loads (busy for assistive technology): one bar per class in `lines`, top to bottom. */
export function SkeletonLines({ className, lines }: { className: string; lines: readonly string[] }) {
  return (
    <div className={className} aria-busy="true">
      {lines.map((line, index) => (
        <Skeleton key={index} className={line} />
      ))}
    </div>
  );
}
