import type { Feature } from '../../lib/feature';
import { transferRoutes } from './routes';
import { TransferService, type TransferServiceDeps } from './service';

export type TransferDeps = TransferServiceDeps;

/**
 * Transfer of a project's ownership — `/api/projects/:id/transfer…` (domain `transferEndpoints`).
 * No table of its own: the projects feature moves the project, the project log records it.
 */
export function createTransferFeature(deps: TransferDeps): Feature {
  const transfer = new TransferService(deps);
  return { name: 'transfer', routes: (app) => transferRoutes(app, { transfer }) };
}
