import { SearchOutlined } from '@ant-design/icons';
import { SEARCH_TEXT_MAX_LENGTH } from '@netloom/domain';
import { Flex, Input } from 'antd';
import type { ReactNode } from 'react';

/** What a list's search box says: its placeholder, its accessible name ("Search alarms"), its width. */
export interface ListSearch {
  placeholder: string;
  label: string;
  width: number;
}

interface ListToolbarProps {
  search: ListSearch;
  /** The search text as typed. */
  query: string;
  onQuery(query: string): void;
  /** The filters after the search box. */
  children?: ReactNode;
  /** The right-hand side: totals, column settings. */
  extra?: ReactNode;
}

/** The toolbar above a list: search and filters on the left, totals and settings on the right. */
export function ListToolbar({ search, query, onQuery, children, extra }: ListToolbarProps) {
  return (
    <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
      <Flex gap={12} align="center" wrap>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={search.placeholder}
          aria-label={search.label}
          value={query}
          maxLength={SEARCH_TEXT_MAX_LENGTH}
          onChange={(e) => onQuery(e.target.value)}
          style={{ width: search.width }}
        />
        {children}
      </Flex>
      {extra}
    </Flex>
  );
}
