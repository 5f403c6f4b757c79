/**
 * The solution generator (issue 15 §1; "scheme generation" of the account menu): an account's
 * solutions sized from a scenario and a site's inputs, edited, exported as PDF and shared as copies.
 * It owns `solutions`, `solution_shares` and `solution_scenarios` (migration 0034); accounts are
 * asked through the account feature's public interface. Routes only: no device handlers, no jobs.
 */
import type { Db } from '../../db';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import type { Accounts } from '../account';
import { solutionRoutes } from './routes';
import { SolutionService } from './service';
import { SolutionStore } from './store';

export interface SolutionsFeatureDeps {
  db: Db;
  clock: Clock;
  accounts: Pick<Accounts, 'findByKey' | 'findById'>;
}

export function createSolutionsFeature(deps: SolutionsFeatureDeps): Feature {
  const service = new SolutionService({
    store: new SolutionStore(deps.db),
    clock: deps.clock,
    accounts: deps.accounts,
  });
  return { name: 'solutions', routes: (app) => solutionRoutes(app, { service }) };
}
