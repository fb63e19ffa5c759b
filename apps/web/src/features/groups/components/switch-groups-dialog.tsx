import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import { groupInitials, landingPath, type Profile } from '@callsight/shared';
import { useSwitchGroup } from '../api/switch-group.ts';
import { loadUrl } from '../../../lib/navigation.ts';

type ProfileGroup = Profile['groups'][number];

interface SwitchGroupsDialogProps {
  open: boolean;
  onClose: () => void;
  groups: readonly ProfileGroup[];
  currentGroupId: string;
}

/** Shows a search box once the list is longer than this. */
const SEARCH_FROM = 7;

/** The "Switch Groups" modal (spec 000 §2.4): picking a group switches and reloads there. */
export function SwitchGroupsDialog({
  open,
  onClose,
  groups,
  currentGroupId,
}: SwitchGroupsDialogProps) {
  const [query, setQuery] = useState('');
  const switchGroup = useSwitchGroup((token) =>
    loadUrl(landingPath(token.claims.permissions, token.claims.groupId, null)),
  );
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? groups.filter((g) => g.name.toLowerCase().includes(q)) : groups;
  }, [groups, query]);

  const pick = (groupId: string) => {
    if (groupId === currentGroupId) {
      onClose();
      return;
    }
    switchGroup.mutate(groupId);
  };

  return (
    <Dialog
      open={open}
      onClose={switchGroup.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="switch-groups-title"
      data-testid="switch-groups-dialog"
    >
      <DialogTitle id="switch-groups-title">Switch Groups</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {groups.length >= SEARCH_FROM && (
          <TextField
            placeholder="Search groups"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            size="small"
            fullWidth
            autoFocus
            sx={{ p: 2, pb: 1 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRoundedIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: { 'aria-label': 'Search groups' },
            }}
          />
        )}
        {switchGroup.isError && (
          <Alert severity="error" sx={{ m: 2 }}>
            {switchGroup.error.message}
          </Alert>
        )}
        <List sx={{ maxHeight: 420, overflowY: 'auto', py: 1 }}>
          {shown.map((group) => {
            const current = group.id === currentGroupId;
            const busy = switchGroup.isPending && switchGroup.variables === group.id;
            return (
              <ListItemButton
                key={group.id}
                selected={current}
                disabled={switchGroup.isPending}
                onClick={() => pick(group.id)}
                aria-current={current ? 'true' : undefined}
                data-testid={`switch-group-${group.id}`}
                sx={{ mx: 1, borderRadius: 2 }}
              >
                <ListItemAvatar sx={{ minWidth: 52 }}>
                  <Avatar
                    variant="rounded"
                    sx={{
                      bgcolor: current ? 'primary.main' : 'grey.300',
                      color: current ? '#fff' : 'text.primary',
                      fontWeight: 700,
                      fontSize: '0.85rem',
                    }}
                  >
                    {groupInitials(group.name)}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={group.name}
                  secondary={group.region}
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                />
                {busy ? (
                  <CircularProgress size={18} />
                ) : current ? (
                  <CheckRoundedIcon color="primary" fontSize="small" />
                ) : null}
              </ListItemButton>
            );
          })}
          {shown.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ px: 3, py: 2 }}>
              No group matches “{query}”.
            </Typography>
          )}
        </List>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} color="inherit" disabled={switchGroup.isPending}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
