import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { PAGINATION_DEFAULTS } from '../../components/pagination';

const PAGE_SIZES = [20, 50, 100];

/**
 * Server-side paging of the log tables: the page and page size to ask for, a reset for when a filter
 * changes, and the table's pagination (a new page size goes back to page 1).
 */
export function usePagedTable(noun: [one: string, many: string]) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] as number);
  const pagination = (total: number): TablePaginationConfig => ({
    current: page,
    pageSize,
    total,
    ...PAGINATION_DEFAULTS,
    pageSizeOptions: PAGE_SIZES,
    showTotal: (t) => `${t} ${t === 1 ? noun[0] : noun[1]}`,
    onChange: (p, s) => {
      setPage(s === pageSize ? p : 1);
      setPageSize(s);
    },
  });
  return { page, pageSize, resetPage: () => setPage(1), pagination };
}
