import type { NetworkConfigView } from '@netloom/domain';
import { Alert, Button, Flex } from 'antd';
import { useNavigate } from 'react-router';
import { devicePath } from '../../navigation/paths';

/**
 * A second routing device in the project (67, found when it first connected): it receives none of
 * the network settings, so nothing it cannot take is sent to it. Says which device and what to do.
 */
export function SecondRouters({ routers }: { routers: NetworkConfigView['secondRouters'] }) {
  const navigate = useNavigate();
  if (routers.length === 0) return null;
  const names = routers.map((r) => `${r.name} (${r.model})`).join(', ');
  const one = routers.length === 1;
  return (
    <Alert
      type="warning"
      showIcon
      className="nl-net-second-routers"
      data-testid="network-second-routers"
      title={`${names} ${one ? 'is a second router' : 'are further routers'} in this project and ${one ? 'receives' : 'receive'} none of these settings`}
      description={
        <Flex vertical gap={8} align="flex-start">
          <span>
            A project has one gateway, which routes every device of the site. Remove the extra router from
            this project, or move it to a project of its own, where it gets its own Internet and LAN settings.
          </span>
          <Flex gap={8} wrap>
            {routers.map((r) => (
              <Button key={r.deviceId} size="small" onClick={() => navigate(devicePath(r.deviceId))}>
                Open {r.name}
              </Button>
            ))}
          </Flex>
        </Flex>
      }
    />
  );
}
