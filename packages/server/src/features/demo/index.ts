/**
 * The demo feature's public interface: what `main.ts` needs to run the simulated fleet (the plan's
 * options and SNs, where devices connect), and the plan options it plans the fleet with.
 */
export {
  createDemoFeature,
  type Demo,
  type DemoDeps,
  type DemoFeature,
  type DemoFleetOptions,
} from './feature';
export { DEMO_FLEET, type DemoPlan, type DemoUnit } from './plan';
