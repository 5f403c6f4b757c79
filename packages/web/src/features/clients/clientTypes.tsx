import {
  ApiOutlined,
  CameraOutlined,
  DesktopOutlined,
  LaptopOutlined,
  MobileOutlined,
  PrinterOutlined,
  QuestionCircleOutlined,
  TabletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/**
 * How each client (terminal) type looks in the list. The wire values are the protocol's client
 * types (phone, computer, tablet, tv, camera, printer, iot, unknown); anything newer reads as unknown.
 */
export const CLIENT_TYPE_LOOK: Record<string, { label: string; icon: ReactNode }> = {
  phone: { label: 'Phone', icon: <MobileOutlined /> },
  computer: { label: 'Computer', icon: <LaptopOutlined /> },
  tablet: { label: 'Tablet', icon: <TabletOutlined /> },
  tv: { label: 'TV', icon: <DesktopOutlined /> },
  camera: { label: 'Camera', icon: <CameraOutlined /> },
  printer: { label: 'Printer', icon: <PrinterOutlined /> },
  iot: { label: 'IoT device', icon: <ApiOutlined /> },
  unknown: { label: 'Unknown type', icon: <QuestionCircleOutlined /> },
};

export function clientTypeLook(type: string): { label: string; icon: ReactNode } {
  return CLIENT_TYPE_LOOK[type] ?? CLIENT_TYPE_LOOK.unknown ?? { label: type, icon: null };
}

export const CLIENT_TYPE_OPTIONS = Object.entries(CLIENT_TYPE_LOOK).map(([value, look]) => ({
  value,
  label: look.label,
}));
