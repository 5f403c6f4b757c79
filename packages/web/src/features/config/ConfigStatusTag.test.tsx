import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConfigStatusTag } from './ConfigStatusTag';

const NOW = 1_800_000_000_000;
const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('ConfigStatusTag', () => {
  it('shows applied in green', () => {
    const html = renderToStaticMarkup(<ConfigStatusTag status="applied" now={NOW} />);
    expect(html).toContain('data-config-status="applied"');
    expect(html).toContain('ant-tag-success');
    expect(text(html)).toBe('Applied');
  });

  it('shows how long a pending version has waited', () => {
    const html = renderToStaticMarkup(
      <ConfigStatusTag status="pending" pendingSince={NOW - 2 * 60_000 - 5_000} now={NOW} />,
    );
    expect(html).toContain('ant-tag-processing');
    expect(text(html)).toBe('Pending · 2 min');
  });

  it('shows pending without an age when the start is unknown', () => {
    const html = renderToStaticMarkup(<ConfigStatusTag status="pending" pendingSince={null} now={NOW} />);
    expect(text(html)).toBe('Pending');
  });

  it('shows failed in red', () => {
    const html = renderToStaticMarkup(
      <ConfigStatusTag status="failed" failedCode={414} failedMessage="VLAN 20 overlaps LAN" now={NOW} />,
    );
    expect(html).toContain('data-config-status="failed"');
    expect(html).toContain('ant-tag-error');
    expect(text(html)).toBe('Failed');
  });
});
