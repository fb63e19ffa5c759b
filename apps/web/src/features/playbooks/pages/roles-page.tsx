import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import {
  TEAM_CONDITION_TYPES,
  TEAM_OPERATORS,
  TEAM_TEXTS,
  TeamConditionsSchema,
  type Team,
  type TeamCondition,
} from '@callsight/shared';
import { useShell } from '../../../app/access.tsx';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { useTeammates } from '../../teammates/api/get-teammates.ts';
import { useDashboards, useTeamMembers, useTeamMutations, useTeams } from '../api/teams.ts';

const typeLabel = (type: string) =>
  TEAM_CONDITION_TYPES.find((t) => t.value === type)?.label ?? type;

const conditionText = (c: TeamCondition) =>
  `${typeLabel(c.type)}${c.field ? ` ${c.field}` : ''} ${c.operator} ${c.value}`;

/** Create Team (spec 002 §5): Create stays disabled until the name is not empty. */
function CreateTeamDialog({ onClose }: { onClose: () => void }) {
  const { groupId = '' } = useParams();
  const { create } = useTeamMutations(groupId);
  const snackbar = useSnackbar();
  const [name, setName] = useState('');
  const submit = () =>
    create.mutate(name.trim(), {
      onSuccess: () => {
        snackbar.show(TEAM_TEXTS.created, 'success');
        onClose();
      },
      onError: () => snackbar.show(TEAM_TEXTS.createFailed, 'error'),
    });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Create Team</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!name.trim() || create.isPending} onClick={submit}>
          Create
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Edit Team (spec 002 §4, §5): name, conditions (Agent Group 1-5 once each, CTR Attributes per
 * field), dashboards or All Dashboards; Save only when something changed and all is valid.
 */
function EditTeamDialog({ team, onClose }: { team: Team; onClose: () => void }) {
  const { groupId = '' } = useParams();
  const { update } = useTeamMutations(groupId);
  const dashboards = useDashboards(groupId);
  const snackbar = useSnackbar();
  const [name, setName] = useState(team.name);
  const [conditions, setConditions] = useState<TeamCondition[]>(team.conditions);
  const [chosen, setChosen] = useState<string[]>(team.dashboards);
  const [allDashboards, setAllDashboards] = useState(team.dashboards.length === 0);
  const dashboardList = allDashboards ? [] : chosen;
  const valid =
    name.trim() !== '' &&
    TeamConditionsSchema.safeParse(conditions).success &&
    (allDashboards || chosen.length > 0);
  const changed =
    JSON.stringify({ name: name.trim(), conditions, dashboardList }) !==
    JSON.stringify({
      name: team.name,
      conditions: team.conditions,
      dashboardList: team.dashboards,
    });
  const used = new Set(conditions.filter((c) => c.type !== 'attributes').map((c) => c.type));
  const nextType = TEAM_CONDITION_TYPES.find((t) => t.kind === 'json' || !used.has(t.value));
  const set = (i: number, patch: Partial<TeamCondition>) =>
    setConditions((list) => list.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const save = () =>
    update.mutate(
      { id: team.id, name: name.trim(), conditions, dashboards: dashboardList },
      {
        onSuccess: () => {
          snackbar.show(TEAM_TEXTS.updated, 'success');
          onClose();
        },
        onError: (err) => snackbar.show(err.message, 'error'),
      },
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>Edit Team</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} />
          <Typography variant="subtitle2">Conditions</Typography>
          {conditions.map((c, i) => (
            <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                select
                size="small"
                label="Type"
                value={c.type}
                onChange={(e) =>
                  set(i, { type: e.target.value as TeamCondition['type'], field: undefined })
                }
                sx={{ minWidth: 170 }}
              >
                {TEAM_CONDITION_TYPES.filter(
                  (t) => t.kind === 'json' || t.value === c.type || !used.has(t.value),
                ).map((t) => (
                  <MenuItem key={t.value} value={t.value}>
                    {t.label}
                  </MenuItem>
                ))}
              </TextField>
              {c.type === 'attributes' && (
                <TextField
                  size="small"
                  label="Field"
                  value={c.field ?? ''}
                  onChange={(e) => set(i, { field: e.target.value })}
                />
              )}
              <TextField
                select
                size="small"
                label="Operator"
                value={c.operator}
                onChange={(e) => set(i, { operator: e.target.value as TeamCondition['operator'] })}
                sx={{ minWidth: 130 }}
              >
                {TEAM_OPERATORS.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label="Value"
                value={c.value}
                onChange={(e) => set(i, { value: e.target.value })}
              />
              <IconButton
                aria-label={`Remove condition ${i + 1}`}
                onClick={() => setConditions((list) => list.filter((_, j) => j !== i))}
              >
                <DeleteOutlineRoundedIcon />
              </IconButton>
            </Stack>
          ))}
          <Button
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => {
              // Add Condition does nothing when no type is left (spec 002 §5).
              if (nextType)
                setConditions((list) => [
                  ...list,
                  { type: nextType.value, operator: 'equals', value: '' },
                ]);
            }}
          >
            Add Condition
          </Button>
          <Typography variant="subtitle2">Dashboard access</Typography>
          <FormGroup>
            <FormControlLabel
              control={
                <Checkbox
                  checked={allDashboards}
                  onChange={(e) => {
                    // Checking All Dashboards clears the list and disables the boxes (§4).
                    setAllDashboards(e.target.checked);
                    if (e.target.checked) setChosen([]);
                  }}
                />
              }
              label="All Dashboards"
            />
            {(dashboards.data ?? []).map((d) => (
              <FormControlLabel
                key={d.id}
                control={
                  <Checkbox
                    disabled={allDashboards}
                    checked={chosen.includes(d.id)}
                    onChange={(e) =>
                      setChosen((list) =>
                        e.target.checked ? [...list, d.id] : list.filter((x) => x !== d.id),
                      )
                    }
                  />
                }
                label={d.name}
              />
            ))}
          </FormGroup>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!changed || !valid || update.isPending}
          onClick={save}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A team's members: add (a user of the group not yet in it) and remove. */
function MembersDialog({ team, onClose }: { team: Team; onClose: () => void }) {
  const { groupId = '' } = useParams();
  const members = useTeamMembers(groupId, team.id);
  const teammates = useTeammates(groupId);
  const { addMember, removeMember } = useTeamMutations(groupId);
  const snackbar = useSnackbar();
  const [picked, setPicked] = useState<{ id: string; label: string } | null>(null);
  const inTeam = new Set((members.data ?? []).map((m) => m.id));
  const choices = (teammates.data ?? [])
    .filter((t) => !inTeam.has(t.id))
    .map((t) => ({ id: t.id, label: `${t.name} (${t.email})` }));
  const refetch = () => void members.refetch();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Members of {team.name}</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={1} sx={{ mt: 1, mb: 2 }}>
          <Autocomplete
            sx={{ flex: 1 }}
            options={choices}
            value={picked}
            onChange={(_, v) => setPicked(v)}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => <TextField {...params} label="User" size="small" />}
          />
          <Button
            variant="contained"
            onClick={() => {
              if (!picked) return snackbar.show(TEAM_TEXTS.userRequired, 'error');
              addMember.mutate(
                { id: team.id, user: picked.id },
                { onSuccess: () => (setPicked(null), refetch()) },
              );
            }}
          >
            Add
          </Button>
        </Stack>
        {members.data && members.data.length === 0 ? (
          <Typography color="text.secondary">{TEAM_TEXTS.noMembers}</Typography>
        ) : (
          <List dense>
            {(members.data ?? []).map((m) => (
              <ListItem
                key={m.id}
                secondaryAction={
                  <IconButton
                    aria-label={`Remove ${m.name}`}
                    onClick={() =>
                      removeMember.mutate({ id: team.id, user: m.id }, { onSuccess: refetch })
                    }
                  >
                    <DeleteOutlineRoundedIcon />
                  </IconButton>
                }
              >
                <ListItemText primary={m.name} secondary={m.email} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

type Open = { kind: 'create' } | { kind: 'edit' | 'members'; team: Team } | null;

/** /playbooks/roles (spec 002 §2.12): the group name as heading and the Teams table. */
export function RolesPage() {
  const { groupId = '' } = useParams();
  const { group } = useShell();
  const teams = useTeams(groupId);
  const dashboards = useDashboards(groupId);
  const [open, setOpen] = useState<Open>(null);
  const names = useMemo(
    () => new Map((dashboards.data ?? []).map((d) => [d.id, d.name])),
    [dashboards.data],
  );
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h2">
          {group.name}
        </Typography>
        <Button variant="contained" onClick={() => setOpen({ kind: 'create' })}>
          Create Team
        </Button>
      </Stack>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        Teams
      </Typography>
      {teams.data && teams.data.length === 0 ? (
        <Typography color="text.secondary">{TEAM_TEXTS.noRoles}</Typography>
      ) : (
        <Table size="small" aria-label="Teams">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Conditions</TableCell>
              <TableCell>Dashboards</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(teams.data ?? []).map((t) => (
              <TableRow key={t.id}>
                <TableCell>{t.name}</TableCell>
                <TableCell>
                  {t.conditions.length ? t.conditions.map(conditionText).join('; ') : 'All calls'}
                </TableCell>
                <TableCell>
                  {t.dashboards.length
                    ? t.dashboards.map((id) => names.get(id) ?? id).join(', ')
                    : 'All Dashboards'}
                </TableCell>
                <TableCell align="right">
                  <Button size="small" onClick={() => setOpen({ kind: 'edit', team: t })}>
                    Edit
                  </Button>
                  <Button size="small" onClick={() => setOpen({ kind: 'members', team: t })}>
                    Members
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {open?.kind === 'create' && <CreateTeamDialog onClose={() => setOpen(null)} />}
      {open?.kind === 'edit' && <EditTeamDialog team={open.team} onClose={() => setOpen(null)} />}
      {open?.kind === 'members' && <MembersDialog team={open.team} onClose={() => setOpen(null)} />}
    </Paper>
  );
}
