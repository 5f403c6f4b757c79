/** The live demo's public face: the sign-in screen's "Demo" tab and the §6 "Got it" modal. */
export { DemoPanel } from './DemoPanel';

/** Shows the §6 "unavailable in demo projects" modal; its code (antd's Modal) loads on first use. */
export function showDemoBlocked(): void {
  void import('./demoBlocked').then((m) => m.showDemoBlocked());
}
