import { PAGE_SIZE_LABEL } from '@netloom/domain';
import type { TablePaginationConfig } from 'antd';

/**
 * What every paged table shares (spec §9, UI.md): the size changer reads "20 items/page" (antd's
 * own "20 / page" otherwise) and the total reads "1–20 of 135". Spread into a table's pagination.
 */
export const PAGINATION_DEFAULTS = {
  showSizeChanger: true,
  locale: { items_per_page: PAGE_SIZE_LABEL },
  showTotal: (total: number, [from, to]: [number, number]) => `${from}–${to} of ${total}`,
} satisfies TablePaginationConfig;
