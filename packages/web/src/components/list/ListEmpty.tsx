import { Button, Empty } from 'antd';

interface ListEmptyProps {
  /** The list's filters: whether any is set, and how to clear them all. */
  filters: { filtering: boolean; clear(): void };
  /** Said when the filters leave nothing ("No alarms match your search or filters."). */
  noMatch: string;
  /** Said when there is nothing at all, with what to expect (UI.md: say what happens next). */
  none: string;
}

/** The empty state of a list: nothing matches (with "Clear filters"), or nothing there yet. */
export function ListEmpty({ filters, noMatch, none }: ListEmptyProps) {
  return filters.filtering ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={noMatch}>
      <Button onClick={filters.clear}>Clear filters</Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={none} />
  );
}

/** The name of the device a list is limited to (`?deviceId=`), from its rows while they load. */
export function filteredDeviceName(
  deviceId: number | undefined,
  rows: readonly { device: { name: string } }[],
): string | null {
  return deviceId === undefined ? null : (rows[0]?.device.name ?? `device ${deviceId}`);
}
