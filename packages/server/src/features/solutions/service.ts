/**
 * The solution generator's rules (issue 15 §1): generate with the domain's sizing engine, save with
 * the §5 device-list rules (55–57, 523, 524) and the edit version (54), copy, delete, share a copy
 * with another account (22, 28, 21), and the account's custom scenarios (186, 525–527).
 *
 * 23 "insufficient credits" is not answered: Netloom has no credit balance (docs/decisions.md).
 */
import {
  type CustomScenario,
  type CustomScenarioInput,
  ERR,
  errorMessage,
  isSystemScenarioName,
  MAX_CUSTOM_SCENARIOS,
  type ResolvedScenario,
  type ScenarioRef,
  type Solution,
  type SolutionDraft,
  type SolutionInput,
  type SolutionSummary,
  type SolutionUpdate,
  type SystemScenario,
  sizeSolution,
  solutionDevicesRefusal,
  solutionDevicesSchema,
  solutionInputSchema,
  solutionInputsSchema,
  systemScenarioLabel,
  TITLE_MAX_LENGTH,
} from '@netloom/domain';
import type { SolutionRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { AccountKey, Accounts } from '../account';
import { solutionPdf } from './pdf';
import type { SolutionStore, SolutionValues } from './store';

export interface SolutionServiceDeps {
  store: SolutionStore;
  clock: Clock;
  accounts: Pick<Accounts, 'findByKey' | 'findById'>;
}

const COPY_SUFFIX = ' copy';

function view(row: SolutionRow): Solution {
  return {
    id: row.id,
    name: row.name,
    scenarioName: row.scenario_name,
    inputs: solutionInputsSchema.parse(JSON.parse(row.inputs)),
    devices: solutionDevicesSchema.parse(JSON.parse(row.devices)),
    advice: row.advice,
    advantages: row.advantages,
    version: row.version,
    sharedBy: row.shared_by,
    createdAt: Date.parse(row.created_at),
    updatedAt: Date.parse(row.updated_at),
  };
}

function values(
  s: Pick<Solution, 'name' | 'scenarioName' | 'inputs' | 'devices' | 'advice' | 'advantages'>,
): SolutionValues {
  return {
    name: s.name,
    scenarioName: s.scenarioName,
    inputs: JSON.stringify(s.inputs),
    devices: JSON.stringify(s.devices),
    advice: s.advice,
    advantages: s.advantages,
  };
}

/** How an account signs in, as the recipient sees who shared. */
function contactOf(a: { email: string | null; country_code: string | null; mobile: string | null }): string {
  return a.email ?? `+${a.country_code ?? ''} ${a.mobile ?? ''}`.trim();
}

export class SolutionService {
  constructor(private readonly deps: SolutionServiceDeps) {}

  private now(): string {
    return new Date(this.deps.clock.now()).toISOString();
  }

  private async scenarioOf(accountId: number, ref: ScenarioRef): Promise<ResolvedScenario> {
    if (ref.kind === 'system') return { name: systemScenarioLabel(ref.key), base: ref.key };
    const row = await this.deps.store.scenario(accountId, ref.id);
    if (!row)
      throw new AppError(ERR.SCENARIO_NOT_FOUND, 404, [
        { path: 'scenario', message: errorMessage(ERR.SCENARIO_NOT_FOUND) },
      ]);
    return { name: row.name, base: row.base as SystemScenario };
  }

  async generate(accountId: number, inputs: SolutionInput['inputs']): Promise<SolutionDraft> {
    const parsed = solutionInputsSchema.parse(inputs);
    const outcome = sizeSolution(parsed, await this.scenarioOf(accountId, parsed.scenario));
    if (!outcome.ok) throw new AppError(outcome.code, 400, [{ path: 'users', message: outcome.message }]);
    return outcome.sizing;
  }

  async list(accountId: number): Promise<SolutionSummary[]> {
    const rows = await this.deps.store.ofAccount(accountId);
    return rows.map((row) => {
      const s = view(row);
      return {
        id: s.id,
        name: s.name,
        scenarioName: s.scenarioName,
        devices: s.devices,
        version: s.version,
        sharedBy: s.sharedBy,
        createdAt: s.createdAt,
        updatedAt: s.updatedAt,
        apCount: s.devices.filter((d) => d.role === 'ap').reduce((n, d) => n + d.quantity, 0),
        deviceCount: s.devices.reduce((n, d) => n + d.quantity, 0),
      };
    });
  }

  private async mustFind(accountId: number, id: number): Promise<SolutionRow> {
    const row = await this.deps.store.find(accountId, id);
    if (!row) throw new AppError(ERR.SOLUTION_NOT_FOUND, 404);
    return row;
  }

  async get(accountId: number, id: number): Promise<Solution> {
    return view(await this.mustFind(accountId, id));
  }

  /** The saved form of an input: its scenario's name resolved, its device list checked (§5). */
  private async checked(accountId: number, input: SolutionInput) {
    const parsed = solutionInputSchema.parse(input);
    const scenario = await this.scenarioOf(accountId, parsed.inputs.scenario);
    const refusal = solutionDevicesRefusal(parsed.devices);
    if (refusal) {
      const path = refusal.index < 0 ? 'devices' : `devices.${refusal.index}.${refusal.field}`;
      throw new AppError(refusal.code, 400, [{ path, message: refusal.message }]);
    }
    return values({ ...parsed, scenarioName: scenario.name });
  }

  async create(accountId: number, input: SolutionInput): Promise<Solution> {
    const v = await this.checked(accountId, input);
    return view(await this.deps.store.insert(accountId, v, null, this.now()));
  }

  async update(accountId: number, id: number, input: SolutionUpdate): Promise<Solution> {
    const current = await this.mustFind(accountId, id);
    const stale = () =>
      new AppError(ERR.SOLUTION_CHANGED_ELSEWHERE, 409, undefined, { version: current.version });
    if (current.version !== input.version) throw stale();
    const v = await this.checked(accountId, input);
    const row = await this.deps.store.update(accountId, id, input.version, v, this.now());
    if (!row) throw stale();
    return view(row);
  }

  async copy(accountId: number, id: number): Promise<Solution> {
    const s = view(await this.mustFind(accountId, id));
    const name = `${s.name.slice(0, TITLE_MAX_LENGTH - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;
    return view(await this.deps.store.insert(accountId, values({ ...s, name }), s.sharedBy, this.now()));
  }

  async remove(accountId: number, id: number): Promise<void> {
    if (!(await this.deps.store.remove(accountId, id))) throw new AppError(ERR.SOLUTION_NOT_FOUND, 404);
  }

  async pdf(accountId: number, id: number): Promise<{ bytes: Uint8Array; name: string }> {
    const s = await this.get(accountId, id);
    return { bytes: await solutionPdf(s, new Date(this.deps.clock.now())), name: s.name };
  }

  /** Gives `to` a copy of the solution (once per recipient). */
  async share(accountId: number, id: number, to: AccountKey): Promise<{ account: string }> {
    const s = view(await this.mustFind(accountId, id));
    const target = await this.deps.accounts.findByKey(to);
    if (!target)
      throw new AppError(ERR.ACCOUNT_NOT_EXIST, 404, [
        { path: 'account', message: errorMessage(ERR.ACCOUNT_NOT_EXIST) },
      ]);
    if (target.id === accountId)
      throw new AppError(ERR.SHARE_TO_SELF, 400, [
        { path: 'account', message: errorMessage(ERR.SHARE_TO_SELF) },
      ]);
    if (await this.deps.store.shared(id, target.id))
      throw new AppError(ERR.SOLUTION_ALREADY_SHARED, 409, [
        { path: 'account', message: errorMessage(ERR.SOLUTION_ALREADY_SHARED) },
      ]);
    const me = await this.deps.accounts.findById(accountId);
    await this.deps.store.shareCopy(id, target.id, values(s), me ? contactOf(me) : '', this.now());
    return { account: contactOf(target) };
  }

  async scenarios(accountId: number): Promise<CustomScenario[]> {
    return (await this.deps.store.scenarios(accountId)).map((r) => ({
      id: r.id,
      name: r.name,
      base: r.base as SystemScenario,
      createdAt: Date.parse(r.created_at),
    }));
  }

  async createScenario(accountId: number, input: CustomScenarioInput): Promise<CustomScenario> {
    const name = input.name;
    if (isSystemScenarioName(name))
      throw new AppError(ERR.SCENARIO_NAME_SYSTEM, 400, [
        { path: 'name', message: errorMessage(ERR.SCENARIO_NAME_SYSTEM) },
      ]);
    const mine = await this.deps.store.scenarios(accountId);
    if (mine.some((r) => r.name_key === name.toLowerCase()))
      throw new AppError(ERR.SCENARIO_NAME_EXISTS, 409, [
        { path: 'name', message: errorMessage(ERR.SCENARIO_NAME_EXISTS) },
      ]);
    if (mine.length >= MAX_CUSTOM_SCENARIOS) throw new AppError(ERR.SCENARIO_LIMIT, 400);
    const r = await this.deps.store.insertScenario(accountId, name, input.base, this.now());
    return { id: r.id, name: r.name, base: r.base as SystemScenario, createdAt: Date.parse(r.created_at) };
  }

  async removeScenario(accountId: number, id: number): Promise<void> {
    if (!(await this.deps.store.removeScenario(accountId, id)))
      throw new AppError(ERR.SCENARIO_NOT_FOUND, 404);
  }
}
