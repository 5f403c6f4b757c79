/** The product mark and name at the top of the sider and the phone's menu drawer. */
export function Brand({ collapsed = false }: { collapsed?: boolean }) {
  return (
    <div className="nl-brand">
      <img src="/netloom-mark.svg" alt="" width={28} height={28} />
      {collapsed ? null : <span className="nl-brand-name">Netloom</span>}
    </div>
  );
}
