import { theme } from 'antd';

/** What the lines mean: solid wired, dashed wireless or mesh, grey down, amber uplink unknown. */
export function TopologyLegend() {
  const { token } = theme.useToken();
  const items = [
    { label: 'Wired', colour: token.colorSuccess, dashed: false },
    { label: 'Mesh / wireless', colour: token.colorPrimary, dashed: true },
    { label: 'Link down', colour: token.colorTextQuaternary, dashed: true },
    { label: 'Uplink unknown', colour: token.colorWarning, dashed: true },
  ];
  return (
    <div className="nl-topo-legend">
      {items.map((i) => (
        <span key={i.label} className="nl-topo-legend-item">
          <svg width="28" height="8" aria-hidden="true">
            <line
              x1="0"
              y1="4"
              x2="28"
              y2="4"
              stroke={i.colour}
              strokeWidth="2"
              strokeDasharray={i.dashed ? '6 4' : undefined}
            />
          </svg>
          {i.label}
        </span>
      ))}
    </div>
  );
}
