import { findModel, SOLUTION_ROLE_LABELS, type Solution, type SolutionRole } from '@netloom/domain';
import { Table, Tag, Typography } from 'antd';

const TIERS: readonly (readonly SolutionRole[])[] = [
  ['gateway', 'ac'],
  ['core_switch'],
  ['access_switch'],
  ['ap', 'camera', 'nvr'],
];

function total(s: Solution, roles: readonly SolutionRole[]): number {
  return s.devices.filter((d) => roles.includes(d.role)).reduce((n, d) => n + d.quantity, 0);
}

function Bullets({ text }: { text: string }) {
  const items = text.split('\n').filter((l) => l.trim());
  return items.length ? (
    <ul className="nl-preview-bullets">
      {items.map((l) => (
        <li key={l}>{l}</li>
      ))}
    </ul>
  ) : (
    <Typography.Text type="secondary">—</Typography.Text>
  );
}

/**
 * The document as the PDF lays it out, in the page: cover, bill of materials, topology tiers,
 * advice and advantages (a browser without a PDF viewer still shows what will be exported).
 */
export function SolutionPreview({ solution: s }: { solution: Solution }) {
  const tiers = TIERS.map((roles) => s.devices.filter((d) => roles.includes(d.role))).filter(
    (t) => t.length > 0,
  );
  return (
    <div className="nl-preview">
      <div className="nl-preview-cover">
        <span className="nl-preview-brand">NETLOOM</span>
        <h2>Network solution</h2>
        <p>{s.name}</p>
        <Tag>{s.scenarioName}</Tag>
      </div>
      <div className="nl-preview-kpis">
        {(
          [
            ['Access points', ['ap']],
            ['Switches', ['core_switch', 'access_switch']],
            ['Gateways', ['gateway', 'ac']],
            ['Cameras', ['camera']],
          ] as const
        ).map(([label, roles]) => (
          <div key={label}>
            <strong>{total(s, roles)}</strong>
            <span>{label}</span>
          </div>
        ))}
      </div>
      <h3>Bill of materials</h3>
      <Table
        size="small"
        pagination={false}
        rowKey={(d) => `${d.role}|${d.model}`}
        dataSource={s.devices}
        columns={[
          { title: 'Device', dataIndex: 'role', render: (r: SolutionRole) => SOLUTION_ROLE_LABELS[r] },
          {
            title: 'Model',
            dataIndex: 'model',
            render: (m: string) => (
              <span>
                {m}{' '}
                <Typography.Text type="secondary">{findModel(m)?.name.replace(`${m} `, '')}</Typography.Text>
              </span>
            ),
          },
          { title: 'Qty', dataIndex: 'quantity', align: 'right' },
          { title: 'Remarks', dataIndex: 'remarks' },
        ]}
      />
      <h3>Topology</h3>
      <div className="nl-preview-topology">
        {tiers.map((tier) => (
          <div className="nl-preview-tier" key={tier.map((d) => d.model).join()}>
            {tier.map((d) => (
              <div className="nl-preview-node" key={`${d.role}|${d.model}`}>
                <strong>
                  {d.quantity} × {d.model}
                </strong>
                <span>{SOLUTION_ROLE_LABELS[d.role]}</span>
              </div>
            ))}
          </div>
        ))}
      </div>
      <h3>Deployment advice</h3>
      <Bullets text={s.advice} />
      <h3>Advantages</h3>
      <Bullets text={s.advantages} />
    </div>
  );
}
