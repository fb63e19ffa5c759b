import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ACCOUNT_TEXTS } from '@callsight/shared';
import { useConfirm } from '../../../components/confirm-dialog/index.ts';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { useDemoAccounts } from '../api/get-demo-accounts.ts';
import { useRemoveDemoAccounts } from '../api/remove-demo-accounts.ts';

/** For the super user, while demo accounts exist: says so and offers to remove them. */
export function DemoAccountsBanner() {
  const demo = useDemoAccounts();
  const remove = useRemoveDemoAccounts();
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const accounts = demo.data?.accounts ?? [];
  if (accounts.length === 0) return null;

  const onRemove = async () => {
    const ok = await confirm({
      title: ACCOUNT_TEXTS.removeDemoTitle,
      message: ACCOUNT_TEXTS.removeDemoMessage,
      okText: 'Remove',
      okColor: 'error',
    });
    if (!ok) return;
    remove.mutate(undefined, {
      onSuccess: () => snackbar.show(ACCOUNT_TEXTS.demoRemoved, 'success'),
      onError: (err) => snackbar.show(err.message, 'error'),
    });
  };

  return (
    <Alert
      severity="warning"
      data-testid="demo-accounts-banner"
      sx={{ borderRadius: 0, alignItems: 'center' }}
      action={
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          onClick={() => void onRemove()}
          disabled={remove.isPending}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {ACCOUNT_TEXTS.removeDemoButton}
        </Button>
      }
    >
      <AlertTitle sx={{ mb: 0.25 }}>{ACCOUNT_TEXTS.demoBannerTitle}</AlertTitle>
      {accounts.map((a, i) => (
        <Box component="span" key={a.email} sx={{ whiteSpace: 'nowrap' }}>
          {i > 0 && ', '}
          <code>{a.email}</code>
        </Box>
      ))}
      . {ACCOUNT_TEXTS.demoBanner}
    </Alert>
  );
}
