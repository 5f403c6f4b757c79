import { useScreenSize } from '../browser/screenSize';

/**
 * Where a header popover opens: below its button, right edges aligned; on a phone centred below it,
 * the one placement antd slides sideways into view, so a popover wider than the room left of its
 * button is not cut off at the screen's edge.
 */
export function useHeaderPopoverPlacement(): 'bottom' | 'bottomRight' {
  return useScreenSize() === 'phone' ? 'bottom' : 'bottomRight';
}
