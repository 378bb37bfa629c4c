import { useQuery } from '@tanstack/react-query';
import { institutionsQuery, type Institution } from './api/list-institutions.js';

/** Lower case without accents: "Charité" and "charite" are the same to someone typing. */
const folded = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Matching is on the English name (SPEC.md "Home") and, for payers who type Chinese (issue 24:
 * "悉尼" finds 悉尼大学), on the Chinese name too; case and accents are ignored.
 */
export function matchesInstitution(institution: Institution, query: string): boolean {
  const needle = folded(query.trim());
  return needle === '' || folded(institution.name_en).includes(needle) || folded(institution.name).includes(needle);
}

export const filterInstitutions = (institutions: readonly Institution[], query: string): Institution[] =>
  institutions.filter((institution) => matchesInstitution(institution, query));

/** Where the user came from: the current ?from= or 'home'. */
export const sourceOf = (search: URLSearchParams): string => search.get('from') || 'home';

export const amountStepUrl = (resourceId: number | string, from: string): string =>
  `/step/amount/?${new URLSearchParams({ resource: String(resourceId), from })}`;

export const loginUrl = (resourceId: number | string, from: string): string =>
  `/login?${new URLSearchParams({ resource: String(resourceId), from })}`;

/** The chosen institution is kept locally for the step flow (SPEC.md "Home"). */
export const RESOURCE_KEY = 'resource';
export function rememberResource(resourceId: number | string): void {
  try {
    localStorage.setItem(RESOURCE_KEY, String(resourceId));
  } catch {
    // Storage unavailable (private mode): the id still travels in the URL.
  }
}

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; institutions: Institution[] };

/** The institution list (shared by the home page and the phone search), with a retry after a failure. */
export function useInstitutions(): Load & { retry: () => void } {
  const query = useQuery(institutionsQuery());
  const retry = () => void query.refetch();
  if (query.data) return { state: 'ready', institutions: query.data, retry };
  return { state: query.isError ? 'failed' : 'loading', retry };
}
