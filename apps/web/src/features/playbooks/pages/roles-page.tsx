import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
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
import { isApiError } from '../../../lib/api-client.ts';
import { useTeammates } from '../../teammates/api/get-teammates.ts';
import { useDashboards, useTeamMembers, useTeamMutations, useTeams } from '../api/teams.ts';
import { TeamValueField } from '../components/team-value-field.tsx';

const typeLabel = (type: string) =>
  TEAM_CONDITION_TYPES.find((t) => t.value === type)?.label ?? type;

const conditionText = (c: TeamCondition) =>
  `${typeLabel(c.type)}${c.field ? ` ${c.field}` : ''} ${c.operator} ${c.value}`;

/** Shown while the list is empty and All Dashboards is not checked (Save stays disabled). */
const CHOOSE_DASHBOARDS = 'Choose at least one dashboard, or All Dashboards.';

/**
 * What is wrong with the conditions, by "index.field" (type, field, value): the spec's texts
 * (§5), from the same schema the server validates with.
 */
export function conditionErrors(conditions: TeamCondition[]): Record<string, string> {
  const parsed = TeamConditionsSchema.safeParse(conditions);
  const out: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const [index, field] = issue.path;
    const key = `${String(index)}.${String(field ?? 'type')}`;
    out[key] ??= issue.message;
  }
  return out;
}

/** A 400's field errors, named as in the form ("conditions.1.value" -> "1.value"). */
function serverFieldErrors(err: unknown): Record<string, string> {
  if (!isApiError(err) || !err.fields) return {};
  return Object.fromEntries(
    Object.entries(err.fields).map(([k, v]) => [k.replace(/^conditions\./, ''), v]),
  );
}

/** Create Team (spec 002 §5): Create stays disabled until the name is not empty. */
function CreateTeamDialog({ onClose }: { onClose: () => void }) {
  const { groupId = '' } = useParams();
  const { create } = useTeamMutations(groupId);
  const snackbar = useSnackbar();
  const [name, setName] = useState('');
  const [failed, setFailed] = useState<Record<string, string> | null>(null);
  const submit = () =>
    create.mutate(name.trim(), {
      onSuccess: () => {
        snackbar.show(TEAM_TEXTS.created, 'success');
        onClose();
      },
      onError: (err) => {
        setFailed(serverFieldErrors(err));
        snackbar.show(TEAM_TEXTS.createFailed, 'error');
      },
    });
  const nameError = failed?.name;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Create Team</DialogTitle>
      <DialogContent>
        {failed && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {TEAM_TEXTS.createFailed}
          </Alert>
        )}
        <TextField
          autoFocus
          fullWidth
          label="Name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setFailed(null);
          }}
          error={Boolean(nameError)}
          helperText={nameError}
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
  // The server's field errors of the last Save, until the next change.
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const dashboardList = allDashboards ? [] : chosen;
  const errors = { ...conditionErrors(conditions), ...serverErrors };
  const nameError = name.trim() === '' ? TEAM_TEXTS.nameRequired : serverErrors.name;
  const noDashboards = !allDashboards && chosen.length === 0;
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
  const set = (i: number, patch: Partial<TeamCondition>) => {
    setServerErrors({});
    setConditions((list) => list.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  };
  const save = () =>
    update.mutate(
      { id: team.id, name: name.trim(), conditions, dashboards: dashboardList },
      {
        onSuccess: () => {
          snackbar.show(TEAM_TEXTS.updated, 'success');
          onClose();
        },
        onError: (err) => {
          setServerErrors(serverFieldErrors(err));
          snackbar.show(err.message, 'error');
        },
      },
    );
  const fieldError = (i: number, field: 'type' | 'field' | 'value') => {
    const text = errors[`${i}.${field}`];
    return text ? { error: true, helperText: text } : {};
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>Edit Team</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label="Name"
            value={name}
            onChange={(e) => {
              setServerErrors({});
              setName(e.target.value);
            }}
            error={Boolean(nameError)}
            helperText={nameError}
          />
          <Typography variant="subtitle2">Conditions</Typography>
          {conditions.map((c, i) => (
            <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                select
                size="small"
                label="Type"
                {...fieldError(i, 'type')}
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
                // Offers the CTR attribute names seen in the group's calls.
                <TeamValueField
                  groupId={groupId}
                  label="Field"
                  type="attributes"
                  {...fieldError(i, 'field')}
                  value={c.field ?? ''}
                  onChange={(field) => set(i, { field })}
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
              <TeamValueField
                groupId={groupId}
                label="Value"
                type={c.type}
                field={c.field}
                offers={c.type !== 'attributes' || Boolean(c.field?.trim())}
                {...fieldError(i, 'value')}
                value={c.value}
                onChange={(value) => set(i, { value })}
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
            {noDashboards && <FormHelperText error>{CHOOSE_DASHBOARDS}</FormHelperText>}
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
  const [failure, setFailure] = useState<string | null>(null);
  const failed = (err: Error) => {
    setFailure(err.message);
    snackbar.show(err.message, 'error');
  };
  const inTeam = new Set((members.data ?? []).map((m) => m.id));
  const choices = (teammates.data ?? [])
    .filter((t) => !inTeam.has(t.id))
    .map((t) => ({ id: t.id, label: `${t.name} (${t.email})` }));
  const refetch = () => void members.refetch();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Members of {team.name}</DialogTitle>
      <DialogContent>
        {failure && (
          <Alert severity="error" sx={{ mt: 1 }} onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
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
            disabled={addMember.isPending}
            onClick={() => {
              if (!picked) return snackbar.show(TEAM_TEXTS.userRequired, 'error');
              setFailure(null);
              addMember.mutate(
                { id: team.id, user: picked.id },
                {
                  onSuccess: () => {
                    setPicked(null);
                    refetch();
                    snackbar.show(TEAM_TEXTS.memberAdded, 'success');
                  },
                  onError: failed,
                },
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
                    disabled={removeMember.isPending}
                    onClick={() => {
                      setFailure(null);
                      removeMember.mutate(
                        { id: team.id, user: m.id },
                        {
                          onSuccess: () => {
                            refetch();
                            snackbar.show(TEAM_TEXTS.memberRemoved, 'success');
                          },
                          onError: failed,
                        },
                      );
                    }}
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
