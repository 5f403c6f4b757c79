/** The protocol feature's public interface: the device protocol's JSON Schemas, served. */
export { createProtocolFeature } from './feature';
