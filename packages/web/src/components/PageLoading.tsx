import { Card, Skeleton } from 'antd';
import { LoadError } from './LoadError';
import { PageHeader } from './PageHeader';

interface PageLoadingProps {
  title: string;
  description: string;
  query: { isPending: boolean; isError: boolean; error: Error | null; refetch(): unknown };
  /** What failed, as a sentence: "The Wi-Fi policies could not be loaded." */
  errorTitle: string;
  className?: string;
}

/**
 * A page whose content needs one query: its header over a skeleton while it loads, or over the
 * load error with Retry. Nothing once the data is there (the page renders itself).
 */
export function PageLoading({ title, description, query, errorTitle, className }: PageLoadingProps) {
  if (!query.isPending && !query.isError) return null;
  return (
    <>
      <PageHeader title={title} description={description} />
      {query.isPending ? (
        <Card className={className}>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : (
        <LoadError query={query} title={errorTitle} />
      )}
    </>
  );
}
