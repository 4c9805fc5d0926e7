import { RefreshCw } from 'lucide-react';
import { Button } from './button';

/**
 * The outline button that loads a page's data again, its icon spinning and the button disabled
 * meanwhile. `iconOnly` shows only the icon, named by `label` (with `title` as its tooltip);
 * `announce` tells screen readers the page is busy.
 */
export function RefreshButton({
  onClick,
  refreshing,
  label = 'Refresh',
  iconOnly,
  announce = false,
}: {
  onClick(): void;
  refreshing: boolean;
  label?: string;
  iconOnly?: { title: string };
  announce?: boolean;
}) {
  const icon = <RefreshCw className={refreshing ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />;
  return iconOnly ? (
    <Button variant="outline" size="icon" aria-label={label} title={iconOnly.title} onClick={onClick} disabled={refreshing}>
      {icon}
    </Button>
  ) : (
    <Button variant="outline" onClick={onClick} disabled={refreshing} aria-busy={announce ? refreshing : undefined}>
      {icon}
      {label}
    </Button>
  );
}
