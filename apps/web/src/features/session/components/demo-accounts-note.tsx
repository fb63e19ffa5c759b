import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { ACCOUNT_TEXTS, DEMO_PASSWORD, ROLE_LABELS } from '@callsight/shared';
import { useDemoAccounts } from '../api/get-demo-accounts.ts';

/** The sign-in page's note on the demo accounts, while this server still has them. */
export function DemoAccountsNote() {
  const demo = useDemoAccounts();
  const accounts = demo.data?.accounts ?? [];
  if (accounts.length === 0) return null;
  return (
    <Alert severity="info" data-testid="demo-accounts-note">
      <AlertTitle>{ACCOUNT_TEXTS.demoNoteTitle}</AlertTitle>
      {ACCOUNT_TEXTS.demoNote}
      <Box component="ul" sx={{ pl: 2, my: 1 }}>
        {accounts.map((a) => (
          <li key={a.email}>
            <code>{a.email}</code> ({ROLE_LABELS[a.role]})
          </li>
        ))}
      </Box>
      Password: <code>{DEMO_PASSWORD}</code>
    </Alert>
  );
}
