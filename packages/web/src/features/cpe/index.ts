/** The CPE feature's public face: a CPE's bridge, work mode and uplink in the device drawer. */
export { CpeBridgeSection } from './CpeBridgeSection';
