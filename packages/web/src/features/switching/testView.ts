import {
  defaultSwitchSettings,
  findModel,
  type LivePort,
  type SwitchConfigView,
  switchConfigViewSchema,
} from '@netloom/domain';

/**
 * A switch's config view as the server sends it, built from the model catalogue and run through
 * the API schema so a fixture is always valid. Tests override what they look at.
 */
export function buildSwitchView(
  modelName = 'NL-S108P',
  overrides: Partial<Omit<SwitchConfigView, 'device'>> & {
    device?: Partial<SwitchConfigView['device']>;
  } = {},
): SwitchConfigView {
  const model = findModel(modelName);
  if (!model) throw new Error(`no model ${modelName}`);
  const { device, ...rest } = overrides;
  return switchConfigViewSchema.parse({
    version: 0,
    updatedAt: null,
    updatedBy: null,
    targets: [],
    settings: defaultSwitchSettings(model),
    device: {
      id: 7,
      sn: 'NLS0000007',
      name: 'Core-Switch',
      model: model.model,
      type: 'switch',
      online: true,
      uplinkPort: null,
      ...device,
    },
    ports: model.ports,
    live: [],
    poe: model.poeBudgetWatts
      ? { totalWatts: model.poeBudgetWatts, usedWatts: 0, remainingWatts: model.poeBudgetWatts }
      : null,
    projectVlans: [
      { id: 1, name: 'default' },
      { id: 20, name: 'Staff' },
      { id: 30, name: 'Guests' },
    ],
    profiles: [],
    neighbours: [],
    ...rest,
  });
}

/** A live port with a link (defaults: up at 1 Gbps full duplex, no PoE). */
export function livePort(id: number, overrides: Partial<LivePort> = {}): LivePort {
  return { id, link: 'up', speed: 1000, duplex: 'full', poeOn: null, poeWatts: null, ...overrides };
}
