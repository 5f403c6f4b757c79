import { iconStyles } from '@ant-design/icons/es/utils';

/**
 * The icons' own stylesheet, once for the page. By default every icon that mounts looks for it
 * among the `<style>` elements of the document head (a scan of the head and an attribute read per
 * style element, in an effect per icon); a page with hundreds of icons (the topology's nodes, long
 * tables) spent most of its first render there. The app runs the icons with `zeroRuntime` (App.tsx)
 * and puts the same stylesheet first in the head here, where the first icon would have put it, so
 * antd's own icon styles still follow it.
 */
export const ICON_CONTEXT = { zeroRuntime: true } as const;

const MARK = 'data-nl-icons';

export function installIconStyles(doc: Document = document): void {
  if (doc.head.querySelector(`style[${MARK}]`)) return;
  const style = doc.createElement('style');
  style.setAttribute(MARK, '');
  style.textContent = iconStyles;
  doc.head.prepend(style);
}
