import dayjs from 'dayjs';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import { API_TOKEN_TEXTS, SHELL, type ApiToken } from '@callsight/shared';

interface Props {
  tokens: ApiToken[] | undefined;
  loading: boolean;
  /** Without write permission the table is read-only: no revoke column. */
  canWrite: boolean;
  onRevoke: (token: ApiToken) => void;
}

const when = (iso: string) => dayjs(iso).format(SHELL.dateFormat);

/** The group's keys: Name, Token (masked), Last used or "Never", Created on, and revoke. */
export function ApiKeysTable({ tokens, loading, canWrite, onRevoke }: Props) {
  const columns = canWrite ? 5 : 4;
  return (
    <TableContainer component={Paper} variant="outlined">
      {loading && <LinearProgress />}
      <Table size="small" aria-label="API keys" data-testid="api-keys-table">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Token</TableCell>
            <TableCell>Last used</TableCell>
            <TableCell>Created on</TableCell>
            {canWrite && <TableCell align="right" sx={{ width: 72 }} aria-label="Actions" />}
          </TableRow>
        </TableHead>
        <TableBody>
          {tokens?.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns} sx={{ py: 6, textAlign: 'center' }}>
                <Typography color="text.secondary" data-testid="api-keys-empty">
                  {API_TOKEN_TEXTS.emptyState}
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {tokens?.map((token) => (
            <TableRow key={token.id} hover data-testid="api-key-row">
              <TableCell sx={{ fontWeight: 600 }}>{token.label}</TableCell>
              <TableCell
                sx={{
                  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
                  whiteSpace: 'nowrap',
                }}
              >
                {token.token}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {token.lastAccessed ? when(token.lastAccessed) : API_TOKEN_TEXTS.never}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(token.createdOn)}</TableCell>
              {canWrite && (
                <TableCell align="right">
                  <Tooltip title="Revoke">
                    <IconButton
                      aria-label={`Revoke ${token.label}`}
                      onClick={() => onRevoke(token)}
                      color="error"
                      size="small"
                    >
                      <DeleteOutlineRoundedIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
