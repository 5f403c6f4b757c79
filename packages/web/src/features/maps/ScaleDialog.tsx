import { MAP_SCALE_MAX_LENGTH_M, type MapPoint, mapScaleLineIssue, scaleLinePixels } from '@netloom/domain';
import { Alert, InputNumber, Modal, Typography } from 'antd';
import { useState } from 'react';

/** Asks the real length of the line just drawn (the scale tool's second step). */
export function ScaleDialog(props: {
  line: { from: MapPoint; to: MapPoint } | null;
  image: { width: number; height: number };
  saving: boolean;
  onSave: (lengthM: number) => void;
  onCancel: () => void;
}) {
  const [length, setLength] = useState<number | null>(null);
  const issue =
    props.line && length !== null ? mapScaleLineIssue({ ...props.line, lengthM: length }, props.image) : null;
  return (
    <Modal
      title="Set the scale"
      open={props.line !== null}
      okText="Save scale"
      okButtonProps={{ disabled: length === null || issue !== null }}
      confirmLoading={props.saving}
      onOk={() => length !== null && props.onSave(length)}
      onCancel={props.onCancel}
      afterClose={() => setLength(null)}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        The line is {props.line ? Math.round(scaleLinePixels(props.line)) : 0} pixels long on the plan. How
        long is it in reality?
      </Typography.Paragraph>
      <InputNumber<number>
        autoFocus
        aria-label="Real length"
        data-testid="scale-length"
        min={0.01}
        max={MAP_SCALE_MAX_LENGTH_M}
        step={0.5}
        value={length}
        onChange={setLength}
        suffix="m"
        style={{ width: 200 }}
        onPressEnter={() => length !== null && issue === null && props.onSave(length)}
      />
      {issue ? <Alert type="error" showIcon title={issue} style={{ marginTop: 12 }} /> : null}
    </Modal>
  );
}
