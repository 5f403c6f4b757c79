/** Shown while the first route's code loads: the product mark and a quiet CSS spinner (no antd). */
export function BootScreen() {
  return (
    <div className="nl-boot" role="status" aria-live="polite">
      <img src="/netloom-mark.svg" alt="" width={40} height={40} />
      <span className="nl-boot-spinner" aria-hidden />
      <span className="nl-visually-hidden">Loading Netloom…</span>
    </div>
  );
}
