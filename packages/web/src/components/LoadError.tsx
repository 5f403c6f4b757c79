import { Alert, Button, Skeleton } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/** What a load error needs from a TanStack query. */
interface LoadedQuery {
  isError: boolean;
  isPending: boolean;
  error: Error | null;
  refetch(): unknown;
}

interface LoadErrorProps {
  query: LoadedQuery;
  /** What failed, as a sentence: "The alarms could not be loaded." */
  title: string;
  /** A warning where the rest of the view still works (a panel of a drawer). */
  type?: 'error' | 'warning';
  className?: string;
  style?: CSSProperties;
}

/** A query that failed: what could not be loaded, why, and Retry. Nothing while it has not failed. */
export function LoadError({ query, title, type = 'error', className, style }: LoadErrorProps) {
  if (!query.isError) return null;
  return (
    <Alert
      className={className}
      type={type}
      showIcon
      title={title}
      description={query.error?.message}
      action={<Button onClick={() => query.refetch()}>Retry</Button>}
      style={style}
    />
  );
}

/**
 * A table's place on a list page: the load error with Retry, a skeleton while the first page loads
 * (UI.md: skeletons rather than spinners over blank pages), then the table.
 */
export function QueryContent({ query, title, children }: LoadErrorProps & { children: ReactNode }) {
  if (query.isError) return <LoadError query={query} title={title} />;
  if (query.isPending) return <Skeleton active title={false} paragraph={{ rows: 8 }} />;
  return children;
}
