import type { ConfigDiffEntry } from '@netloom/domain';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConfigDiffTable } from './ConfigDiffTable';

const entries: ConfigDiffEntry[] = [
  { op: 'added', path: ['VLANs', 'Guest (20)'], after: '192.168.20.1/24' },
  { op: 'changed', path: ['DHCP pools', 'lan_pool', 'Lease'], before: '1 h', after: '12 h' },
  { op: 'removed', path: ['Static routes', 'to_lab'], before: '10.9.0.0/16 via 192.168.1.2' },
];

function rows(html: string): string[] {
  return html
    .split('<tr')
    .slice(1)
    .filter((r) => r.includes('nl-diff-row-'));
}
const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('ConfigDiffTable', () => {
  it('renders one coloured row per change with path, before and after', () => {
    const html = renderToStaticMarkup(<ConfigDiffTable entries={entries} />);
    const r = rows(html);
    expect(r).toHaveLength(3);
    expect(r[0]).toContain('nl-diff-row-added');
    expect(r[0]).toContain('ant-tag-success');
    expect(text(r[0] ?? '')).toContain('VLANs › Guest (20)');
    expect(text(r[0] ?? '')).toContain('Added');
    expect(r[1]).toContain('ant-tag-processing');
    expect(text(r[1] ?? '')).toContain('DHCP pools › lan_pool › Lease');
    expect(r[1]).toMatch(/nl-diff-before">1 h</);
    expect(r[1]).toMatch(/nl-diff-after">12 h</);
    expect(r[2]).toContain('ant-tag-error');
    expect(text(r[2] ?? '')).toContain('Removed');
    expect(r[2]).toMatch(/nl-diff-before">10\.9\.0\.0\/16 via 192\.168\.1\.2</);
  });

  it('shows a dash, not "undefined", for a missing side', () => {
    const html = renderToStaticMarkup(<ConfigDiffTable entries={entries.slice(0, 1)} />);
    expect(html).not.toContain('undefined');
    expect(text(html)).toContain('—');
  });

  it('says New / Deleted for whole items the server gives no value for', () => {
    const html = renderToStaticMarkup(
      <ConfigDiffTable
        entries={[
          { op: 'added', path: ['Static routes', 'to_lab'] },
          { op: 'removed', path: ['VLANs', 'IoT (30)'] },
        ]}
      />,
    );
    const [added, removed] = rows(html).map(text);
    expect(added).toMatch(/to_lab—New$/);
    expect(removed).toMatch(/IoT \(30\)—Deleted$/);
  });

  it('says when two versions hold the same settings', () => {
    const html = renderToStaticMarkup(<ConfigDiffTable entries={[]} />);
    expect(text(html)).toContain('No differences: both versions hold the same settings.');
  });
});
