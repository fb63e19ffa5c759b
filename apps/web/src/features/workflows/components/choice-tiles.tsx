import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { WorkflowIcon } from './workflow-icons.tsx';

export interface Choice {
  id: string;
  label: string;
  icon: string;
  description?: string;
  disabled?: boolean;
  /** Why a disabled choice cannot be taken. */
  disabledText?: string;
}

interface Props {
  /** Accessible name of the group of tiles. */
  label: string;
  choices: readonly Choice[];
  value: string;
  onChange: (id: string) => void;
  testId: string;
}

/** A grid of selectable tiles (applications, triggers, actions); disabled ones cannot be chosen. */
export function ChoiceTiles({ label, choices, value, onChange, testId }: Props) {
  return (
    <Box
      role="radiogroup"
      aria-label={label}
      data-testid={testId}
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
      }}
    >
      {choices.map((choice) => {
        const selected = choice.id === value;
        return (
          <Card
            key={choice.id}
            variant="outlined"
            sx={{
              borderColor: selected ? 'primary.main' : undefined,
              borderWidth: selected ? 2 : 1,
              bgcolor: selected ? 'action.selected' : undefined,
              opacity: choice.disabled ? 0.55 : 1,
            }}
          >
            <CardActionArea
              role="radio"
              aria-checked={selected}
              aria-disabled={choice.disabled || undefined}
              disabled={choice.disabled}
              onClick={() => onChange(choice.id)}
              sx={{ p: 1.5, height: '100%' }}
              data-testid={`${testId}-${choice.id}`}
            >
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                <Box sx={{ color: selected ? 'primary.main' : 'text.secondary', pt: 0.25 }}>
                  <WorkflowIcon name={choice.icon} />
                </Box>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="subtitle2">{choice.label}</Typography>
                  {(choice.description || (choice.disabled && choice.disabledText)) && (
                    <Typography variant="body2" color="text.secondary">
                      {choice.disabled && choice.disabledText
                        ? choice.disabledText
                        : choice.description}
                    </Typography>
                  )}
                </Box>
              </Stack>
            </CardActionArea>
          </Card>
        );
      })}
    </Box>
  );
}
