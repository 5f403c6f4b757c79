/**
 * The clients feature's public interface: the clients' signal per radio (RF planning); tests flush
 * its writer. The `clients` and `client_days` rows are written only here.
 */

export { clientsWriteJobs } from './batchWrite';
export { type Clients, type ClientsDeps, type ClientsFeature, createClientsFeature } from './feature';
export type { WiredClient } from './store';
