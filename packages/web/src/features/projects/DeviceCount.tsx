import { Badge, Typography } from 'antd';

/** "3 / 5 online": green when every device is online, grey when none or no devices. */
export function DeviceCount({ online, total }: { online: number; total: number }) {
  const status = total === 0 || online === 0 ? 'default' : online === total ? 'success' : 'warning';
  return (
    <span className="nl-nowrap">
      <Badge status={status} /> <Typography.Text>{online}</Typography.Text>
      <Typography.Text type="secondary"> / {total}</Typography.Text>
    </span>
  );
}
