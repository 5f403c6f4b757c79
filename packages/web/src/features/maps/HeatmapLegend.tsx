import { CO_CHANNEL_THRESHOLD_DBM, OVERLAP_RGBA, type Rgba, signalLegend } from '@netloom/domain';
import type { HeatmapView } from './heatmapInput';

export function rgbaCss([r, g, b, a]: Rgba): string {
  return `rgba(${r}, ${g}, ${b}, ${(a / 255).toFixed(2)})`;
}

/** The legend rows of a view: colour, value, meaning (the screenshot draws the same rows). */
export function legendRows(view: HeatmapView): { colour: string; label: string; meaning: string }[] {
  if (view === 'signal')
    return signalLegend().map((s) => ({ colour: rgbaCss(s.rgba), label: s.label, meaning: s.meaning }));
  if (view === 'overlap')
    return [
      {
        colour: rgbaCss(OVERLAP_RGBA),
        label: 'Overlap',
        meaning: `Two APs on one channel, both above ${CO_CHANNEL_THRESHOLD_DBM} dBm`,
      },
    ];
  return [];
}

/** The heat map's legend, over the canvas's corner. */
export function HeatmapLegend({
  view,
  apNames,
}: {
  view: HeatmapView;
  apNames: { name: string; colour: string }[];
}) {
  const rows =
    view === 'bestAp'
      ? apNames.map((a) => ({ colour: a.colour, label: a.name, meaning: '' }))
      : legendRows(view);
  return (
    <div className="nl-map-legend" data-testid="heatmap-legend">
      <div className="nl-map-legend-title">
        {view === 'signal' ? 'Signal strength' : view === 'overlap' ? 'Co-channel overlap' : 'Best AP'}
      </div>
      {rows.map((r) => (
        <div key={r.label} className="nl-map-legend-row">
          <span className="nl-map-legend-swatch" style={{ background: r.colour }} />
          <span className="nl-map-legend-label">{r.label}</span>
          {r.meaning ? <span className="nl-map-legend-meaning">{r.meaning}</span> : null}
        </div>
      ))}
    </div>
  );
}
