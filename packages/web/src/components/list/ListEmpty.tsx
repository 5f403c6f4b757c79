import { Button, Empty } from 'antd';

interface ListEmptyProps {
  /** A search or filter is set: the list may be empty because of it. */
  filtering: boolean;
  onClearFilters(): void;
  /** Said when the filters leave nothing ("No alarms match your search or filters."). */
  noMatch: string;
  /** Said when there is nothing at all, with what to expect (UI.md: say what happens next). */
  none: string;
}

/** The empty state of a list: nothing matches (with "Clear filters"), or nothing there yet. */
export function ListEmpty({ filtering, onClearFilters, noMatch, none }: ListEmptyProps) {
  return filtering ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={noMatch}>
      <Button onClick={onClearFilters}>Clear filters</Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={none} />
  );
}
