import Button from '@mui/material/Button';
import AddRoundedIcon from '@mui/icons-material/AddRounded';

/** A list page's create button in its header ('New Monitor', 'New Test'). */
export function NewButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      variant="contained"
      startIcon={<AddRoundedIcon />}
      onClick={onClick}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {label}
    </Button>
  );
}
