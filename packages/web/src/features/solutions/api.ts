import {
  type CustomScenarioInput,
  solutionEndpoints as E,
  type SolutionInput,
  type SolutionInputs,
  type SolutionUpdate,
} from '@netloom/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, hrefOf } from '../../api/client';
import { PAGES } from '../../navigation/paths';

export const solutionKeys = {
  all: ['solutions'] as const,
  list: ['solutions', 'list'] as const,
  one: (id: number) => ['solutions', 'one', id] as const,
  scenarios: ['solutions', 'scenarios'] as const,
};

export function solutionPath(id: number): string {
  return PAGES.solution.replace(':solutionId', String(id));
}

/** The PDF's URL: inline for the preview, as an attachment for the download. */
export function solutionPdfHref(id: number, download: boolean): string {
  return hrefOf(E.pdf, { params: { solutionId: id }, query: { download: download ? '1' : '0' } });
}

export function useSolutions() {
  return useQuery({ queryKey: solutionKeys.list, queryFn: () => call(E.list, {}) });
}

export function useSolution(id: number) {
  return useQuery({
    queryKey: solutionKeys.one(id),
    queryFn: () => call(E.get, { params: { solutionId: id } }),
  });
}

export function useScenarios() {
  return useQuery({ queryKey: solutionKeys.scenarios, queryFn: () => call(E.scenarios, {}) });
}

export function useGenerate() {
  return useMutation({ mutationFn: (inputs: SolutionInputs) => call(E.generate, { body: inputs }) });
}

function useInvalidating<A, R>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: solutionKeys.all }),
  });
}

export function useCreateSolution() {
  return useInvalidating((body: SolutionInput) => call(E.create, { body }));
}

export function useUpdateSolution(id: number) {
  return useInvalidating((body: SolutionUpdate) => call(E.update, { params: { solutionId: id }, body }));
}

export function useCopySolution() {
  return useInvalidating((id: number) => call(E.copy, { params: { solutionId: id } }));
}

export function useDeleteSolution() {
  return useInvalidating((id: number) => call(E.remove, { params: { solutionId: id } }));
}

export function useShareSolution(id: number) {
  return useMutation({
    mutationFn: (account: string) => call(E.share, { params: { solutionId: id }, body: { account } }),
  });
}

export function useCreateScenario() {
  return useInvalidating((body: CustomScenarioInput) => call(E.createScenario, { body }));
}

export function useDeleteScenario() {
  return useInvalidating((id: number) => call(E.removeScenario, { params: { scenarioId: id } }));
}
