import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface Choice {
  id: string;
  label: string;
  /** The tile's icon element. */
  icon: ReactNode;
  description?: string;
  disabled?: boolean;
  /** Why a disabled choice cannot be taken, shown in place of its description. */
  disabledText?: string;
}

/** 'row': the icon beside the text, up to 3 a row; 'column': a centred tile, up to 4 a row. */
export type ChoiceTilesLayout = 'row' | 'column';

interface Props {
  /** Accessible name of the group of tiles. */
  label: string;
  choices: readonly Choice[];
  value: string;
  onChange: (id: string) => void;
  /** Of the group; each tile gets `${testId}-${id}`. */
  testId?: string;
  layout?: ChoiceTilesLayout;
}

const COLUMNS = {
  row: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
  column: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
} as const;

/** A grid of selectable tiles (one of a radio group); disabled ones cannot be chosen. */
export function ChoiceTiles({ label, choices, value, onChange, testId, layout = 'row' }: Props) {
  return (
    <Box
      role="radiogroup"
      aria-label={label}
      data-testid={testId}
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: COLUMNS[layout] }}
    >
      {choices.map((choice) => {
        const selected = choice.id === value;
        const iconColor = selected ? 'primary.main' : 'text.secondary';
        const note = (choice.disabled && choice.disabledText) || choice.description;
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
              sx={
                layout === 'row'
                  ? { p: 1.5, height: '100%' }
                  : { p: 2, height: '100%', textAlign: 'center' }
              }
              data-testid={testId && `${testId}-${choice.id}`}
            >
              {layout === 'row' ? (
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                  <Box sx={{ color: iconColor, pt: 0.25 }}>{choice.icon}</Box>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="subtitle2">{choice.label}</Typography>
                    {note && (
                      <Typography variant="body2" color="text.secondary">
                        {note}
                      </Typography>
                    )}
                  </Box>
                </Stack>
              ) : (
                <>
                  <Box sx={{ color: iconColor }}>{choice.icon}</Box>
                  <Typography variant="subtitle2">{choice.label}</Typography>
                  {note && (
                    <Typography variant="caption" color="text.secondary">
                      {note}
                    </Typography>
                  )}
                </>
              )}
            </CardActionArea>
          </Card>
        );
      })}
    </Box>
  );
}
