import { SearchOutlined } from '@ant-design/icons';
import { SEARCH_TEXT_MAX_LENGTH } from '@netloom/domain';
import { Flex, Input } from 'antd';
import type { ReactNode } from 'react';

interface ListSearch {
  value: string;
  onChange(value: string): void;
  placeholder: string;
  /** The accessible name ("Search alarms"). */
  label: string;
  width: number;
}

interface ListToolbarProps {
  search: ListSearch;
  /** The filters after the search box. */
  children?: ReactNode;
  /** The right-hand side: totals, column settings. */
  extra?: ReactNode;
}

/** The toolbar above a list: search and filters on the left, totals and settings on the right. */
export function ListToolbar({ search, children, extra }: ListToolbarProps) {
  return (
    <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
      <Flex gap={12} align="center" wrap>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={search.placeholder}
          aria-label={search.label}
          value={search.value}
          maxLength={SEARCH_TEXT_MAX_LENGTH}
          onChange={(e) => search.onChange(e.target.value)}
          style={{ width: search.width }}
        />
        {children}
      </Flex>
      {extra}
    </Flex>
  );
}
