import { lazy, Suspense, useState } from 'react';

// The form, the import table and their rules load on first open, not with the console frame.
const AddDeviceModalImpl = lazy(() => import('../../features/devices/add/AddDeviceModal'));

/** The header's "Add device": by serial number or from the Excel template (features/devices/add). */
export function AddDeviceModal({ open, onClose }: { open: boolean; onClose(): void }) {
  // Stays mounted after the first open so closing animates instead of vanishing.
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  return (
    <Suspense fallback={null}>{used ? <AddDeviceModalImpl open={open} onClose={onClose} /> : null}</Suspense>
  );
}
