/** Reading the gateway's routing table live: a `routeTable` command job whose reply carries it. */
import { ERR, MANAGEMENT_MODES, modelHas, type RouteTable, takesNetwork } from '@netloom/domain';
import { routeTableResultSchema } from '@netloom/protocol';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ProjectAccess } from '../../plugins/projectAccess';
import type { CommandService } from '../commands';
import type { ConfigApi } from '../config';

/** How long the route table waits for the gateway's reply. */
export const ROUTE_TABLE_TIMEOUT_MS = 10_000;

/** The route table of the project's gateway: 412 no gateway, 36 offline, 76 local mode, 913 unsupported. */
export async function readRouteTable(
  deps: { config: ConfigApi; commands: Pick<CommandService, 'request'>; clock: Clock },
  access: ProjectAccess,
): Promise<RouteTable> {
  const devices = await deps.config.devices(access.projectId);
  const gw = devices.find((d) => takesNetwork(d, devices));
  if (!gw) throw new AppError(ERR.NOT_EXIST);
  if (!gw.online) throw new AppError(ERR.DEVICE_OFFLINE);
  if (gw.managementMode === MANAGEMENT_MODES.LOCAL) throw new AppError(ERR.LOCAL_MODE_UNSUPPORTED);
  if (gw.model && !modelHas(gw.model, 'routeTable')) throw new AppError(ERR.DEVICE_OPERATION_UNSUPPORTED);
  const result = await deps.commands.request(
    { deviceId: gw.deviceId, projectId: access.projectId, accountId: access.accountId, name: 'routeTable' },
    ROUTE_TABLE_TIMEOUT_MS,
    ERR.DEVICE_OFFLINE_ALT,
  );
  const parsed = routeTableResultSchema.safeParse(result);
  if (!parsed.success) throw new AppError(ERR.CONFIG_FAILED);
  return { deviceId: gw.deviceId, readAt: deps.clock.now(), entries: parsed.data.routes };
}
