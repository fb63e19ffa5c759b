import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  DashboardInfoSchema,
  TeamListSchema,
  TeamMemberListSchema,
  TeamSchema,
  type TeamUpdateInput,
} from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** Query keys of the group's teams and dashboards (spec 002 §7.4). */
export const teamKeys = {
  all: (groupId: string) => ['teams', groupId] as const,
  mine: (groupId: string) => ['teams', groupId, 'me'] as const,
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
