import { BulbOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { storage } from '../../browser/storage';

/** The first-visit tip's id in the §3 stored list of seen topology tips. */
export const TOPOLOGY_INTRO_TIP = 'topology.intro';

/** First-visit tips (issue 12 §3): shown until "Got it", remembered in the browser (cleared at logout). */
export function TopologyTips() {
  const [seen, setSeen] = useState(() => storage.getSeenTopoTips().includes(TOPOLOGY_INTRO_TIP));
  if (seen) return null;
  const handleDismiss = () => {
    storage.markTopoTipSeen(TOPOLOGY_INTRO_TIP);
    setSeen(true);
  };
  return (
    <Alert
      className="nl-topo-tips"
      type="info"
      showIcon
      icon={<BulbOutlined />}
      data-testid="topology-tips"
      title="Reading the topology"
      description={
        <ul>
          <li>Each device hangs under the port it reports as its uplink; the Internet is at the top.</li>
          <li>Click a device to open its details. Scroll to zoom, drag the background to move around.</li>
          <li>On a large network, show fewer levels; a “+N” badge counts the devices hidden below.</li>
        </ul>
      }
      action={
        <Button size="small" type="primary" onClick={handleDismiss}>
          Got it
        </Button>
      }
    />
  );
}
