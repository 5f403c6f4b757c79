import { Button, Typography } from 'antd';
import type { ReactNode } from 'react';
import { plural } from '../format';
import './list.css';

interface BulkBarProps {
  /** How many rows are ticked; nothing shows at 0. */
  count: number;
  /** What a row is ("alarm", "client"). */
  noun: string;
  onClear(): void;
  /** The actions on the ticked rows. */
  children: ReactNode;
}

/** The bar over a table while rows are ticked (UI.md: row selection for bulk actions). */
export function BulkBar({ count, noun, onClear, children }: BulkBarProps) {
  if (count === 0) return null;
  return (
    <section className="nl-bulk-bar" aria-label="Bulk actions">
      <Typography.Text>{plural(count, noun)} selected</Typography.Text>
      {children}
      <Button size="small" type="link" onClick={onClear}>
        Clear selection
      </Button>
    </section>
  );
}
