import { lazy, Suspense, useState } from 'react';

// The form, the import table and their rules load on first open, not with the console frame.
const AddDeviceModalImpl = lazy(() => import('./AddDeviceModal'));

/**
 * "Add device" for the header and other features: by serial number or from the Excel template. The
 * dialog's code loads on first open, keeping it out of the pages that only show the button.
 */
export function LazyAddDeviceModal({ open, onClose }: { open: boolean; onClose(): void }) {
  // Stays mounted after the first open so closing animates instead of vanishing.
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  return (
    <Suspense fallback={null}>{used ? <AddDeviceModalImpl open={open} onClose={onClose} /> : null}</Suspense>
  );
}
