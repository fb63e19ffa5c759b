import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Chip from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import GroupsRoundedIcon from '@mui/icons-material/GroupsRounded';
import { readCurrentRoleId, saveCurrentRoleId } from '../../../lib/storage.ts';
import { useActiveTeam, useMyTeams } from '../api/teams.ts';

/** What the chip says when an exempt user reads every call of the group (decision T2). */
export const ALL_CALLS = 'All calls';

/**
 * The header's team switcher (spec 002 §6, decision T2): a chip naming the team whose rules narrow
 * every screen's call data ("Team: Manila team"), so nobody wonders why numbers differ; it opens
 * the user's teams, and "All calls" for a Group Admin or super user. A user in no team who sees
 * every call sees no chip. A pick is remembered (currentRoleId) and every answer is read again.
 */
export function TeamSwitcher({ groupId }: { groupId: string }) {
  const client = useQueryClient();
  const mine = useMyTeams(groupId);
  const active = useActiveTeam(groupId);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const teams = mine.data ?? [];
  const state = active.data;
  if (!state || (!state.team && !teams.length)) return null;
  const choices = teams.length > 1 || (state.exempt && teams.length > 0);
  const pick = (roleId: string | null) => {
    setAnchor(null);
    const previous = readCurrentRoleId() ?? '';
    saveCurrentRoleId(roleId);
    // Every answer is read again under the new team (requests send it from now on), but those
    // keyed by the previous team (its dashboards' tokens): they stay that team's.
    void client.invalidateQueries({ predicate: (q) => !q.queryKey.includes(previous) });
  };
  return (
    <>
      <Chip
        icon={<GroupsRoundedIcon />}
        label={`Team: ${state.team?.name ?? ALL_CALLS}`}
        color={state.team ? 'primary' : 'default'}
        variant="outlined"
        data-testid="team-chip"
        onClick={choices ? (e) => setAnchor(e.currentTarget) : undefined}
        aria-haspopup={choices ? 'menu' : undefined}
        title={state.team ? "Data is limited to this team's calls" : 'Every call of the group'}
        sx={{ maxWidth: 320 }}
      />
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {state.exempt && (
          <MenuItem selected={!state.team} onClick={() => pick(null)}>
            {ALL_CALLS}
          </MenuItem>
        )}
        {teams.map((t) => (
          <MenuItem key={t.id} selected={t.id === state.team?.id} onClick={() => pick(t.id)}>
            {t.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
