import type { SupportedModel } from '@netloom/domain';
import { Card, Descriptions, Flex, Tag, Tooltip, Typography } from 'antd';
import { DeviceArt } from './DeviceArt';

function poeText(m: SupportedModel): string {
  if (m.poePorts > 0) return `${m.poePorts} PoE ports, ${m.poeBudgetWatts} W budget`;
  return m.poePowered ? 'Powered by PoE' : 'None';
}

/** One supported model: its picture, name and type, hardware and latest firmware. */
export function ModelCard({ model: m }: { model: SupportedModel }) {
  return (
    <Card className="nl-model-card" data-testid="model-card" data-model={m.model}>
      <Flex gap={16} align="flex-start">
        <div className="nl-model-art">
          <DeviceArt picture={m.picture} width={96} />
        </div>
        <div className="nl-model-text">
          <Typography.Text strong className="nl-model-name">
            {m.name}
          </Typography.Text>
          <Flex gap={6} wrap className="nl-model-tags">
            <Tag color="blue">{m.kindLabel}</Tag>
            <Tag>Hardware {m.hardwareVersion}</Tag>
          </Flex>
        </div>
      </Flex>
      <Descriptions
        className="nl-model-specs"
        size="small"
        column={1}
        items={[
          { key: 'ports', label: 'Ports', children: m.ports || 'None' },
          { key: 'radios', label: 'Radios', children: m.radios || 'None' },
          { key: 'poe', label: 'PoE', children: poeText(m) },
          {
            key: 'firmware',
            label: 'Latest firmware',
            children: (
              <Tooltip
                title={
                  m.firmwareSource === 'upload'
                    ? 'The newest firmware file uploaded for this model'
                    : 'The newest firmware of the model catalogue'
                }
              >
                <span data-testid="model-firmware">
                  {m.latestFirmware} · {m.releasedOn}
                </span>
              </Tooltip>
            ),
          },
        ]}
      />
    </Card>
  );
}
