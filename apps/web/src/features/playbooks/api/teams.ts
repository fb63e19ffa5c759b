import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useCallback, useSyncExternalStore } from 'react';
import {
  ActiveTeamSchema,
  DashboardInfoSchema,
  TeamListSchema,
  TeamMemberListSchema,
  TeamFieldValuesSchema,
  TeamSchema,
  type TeamConditionType,
  type TeamUpdateInput,
} from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { readCurrentRoleId, subscribeCurrentRoleId } from '../../../lib/storage.ts';

/** Query keys of the group's teams and dashboards (spec 002 §7.4). */
export const teamKeys = {
  all: (groupId: string) => ['teams', groupId] as const,
  mine: (groupId: string) => ['teams', groupId, 'me'] as const,
  active: (groupId: string, roleId: string | null) =>
    ['teams', groupId, 'active', roleId ?? ''] as const,
  members: (groupId: string, id: string) => ['teams', groupId, 'members', id] as const,
  dashboards: (groupId: string) => ['dashboards', groupId] as const,
};

const enc = encodeURIComponent;

export const useDashboards = (groupId: string) =>
  useQuery({
    queryKey: teamKeys.dashboards(groupId),
    queryFn: () => apiRequest('/api/dashboards', { schema: z.array(DashboardInfoSchema) }),
  });

export const useMyTeams = (groupId: string) =>
  useQuery({
    queryKey: teamKeys.mine(groupId),
    queryFn: () => apiRequest('/api/dataRoles/me', { schema: TeamListSchema }),
  });

/** The picked team (currentRoleId), following every change made in this tab. */
export const useCurrentRoleId = () =>
  useSyncExternalStore(subscribeCurrentRoleId, readCurrentRoleId);

/**
 * The team whose rules narrow the user's call data now, as the server resolves it from the picked
 * one (decision T2), and whether the user sees every call without a team.
 */
export function useActiveTeam(groupId: string) {
  const roleId = useCurrentRoleId();
  return useQuery({
    queryKey: teamKeys.active(groupId, roleId),
    queryFn: () => apiRequest('/api/dataRoles/active', { schema: ActiveTeamSchema }),
    // While a new pick is resolved, the team in force so far (never a moment of no team).
    placeholderData: keepPreviousData,
  });
}

/**
 * Whether the active team may open a dashboard (spec 002 §6: only those in its list; all when the
 * list is empty or no team applies; Home is every team's); while its answer loads, `whileLoading`.
 */
export function useTeamDashboards(
  groupId: string,
  whileLoading = false,
): (dashboardId: string) => boolean {
  const state = useActiveTeam(groupId).data;
  return useCallback(
    (dashboardId: string) => {
      if (!state) return whileLoading;
      const listed = state.team?.dashboards ?? [];
      return !listed.length || listed.includes(dashboardId) || dashboardId === `home_${groupId}`;
    },
    [state, whileLoading, groupId],
  );
}

export const useTeams = (groupId: string) =>
  useQuery({
    queryKey: teamKeys.all(groupId),
    queryFn: () => apiRequest('/api/dataRoles', { schema: TeamListSchema }),
  });

export const useTeamMembers = (groupId: string, id: string | null) =>
  useQuery({
    queryKey: teamKeys.members(groupId, id ?? ''),
    queryFn: () =>
      apiRequest(`/api/dataRoles/${enc(id ?? '')}/users`, { schema: TeamMemberListSchema }),
    enabled: id !== null,
  });

/** Create, update and membership changes; each refreshes the teams (and members) it touched. */
export function useTeamMutations(groupId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: teamKeys.all(groupId) });
  return {
    create: useMutation({
      mutationFn: (name: string) =>
        apiRequest('/api/dataRoles', { schema: TeamSchema, method: 'POST', body: { name } }),
      onSettled: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: TeamUpdateInput & { id: string }) =>
        apiRequest(`/api/dataRoles/${enc(id)}`, {
          schema: TeamSchema,
          method: 'PUT',
          body: { id, ...input },
        }),
      onSettled: refresh,
    }),
    addMember: useMutation({
      mutationFn: ({ id, user }: { id: string; user: string }) =>
        apiRequest(`/api/dataRoles/${enc(id)}/users/${enc(user)}`, {
          schema: z.unknown(),
          method: 'POST',
        }),
      onSettled: refresh,
    }),
    removeMember: useMutation({
      mutationFn: ({ id, user }: { id: string; user: string }) =>
        apiRequest(`/api/dataRoles/${enc(id)}/users/${enc(user)}`, {
          schema: z.unknown(),
          method: 'DELETE',
        }),
      onSettled: refresh,
    }),
  };
}

/**
 * The values a team condition may name (GET /api/dataRoles/values, issue 33 §1): the group's
 * Agent Group n levels, its CTR attribute names (`field` empty) or one attribute's values; only
 * while `enabled` (e.g. the field's list is open).
 */
export function useTeamFieldValues(
  groupId: string,
  type: TeamConditionType,
  field: string | undefined,
  enabled = true,
) {
  const name = type === 'attributes' ? (field ?? '').trim() : '';
  const query = new URLSearchParams({ type, ...(name ? { field: name } : {}) });
  return useQuery({
    queryKey: ['teams', groupId, 'values', type, name] as const,
    queryFn: () =>
      apiRequest(`/api/dataRoles/values?${query.toString()}`, { schema: TeamFieldValuesSchema }),
    enabled,
    staleTime: 60_000,
  });
}
