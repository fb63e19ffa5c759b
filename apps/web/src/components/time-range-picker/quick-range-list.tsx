import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import {
  CUSTOM_RANGE_LABEL,
  QUICK_RANGES,
  type QuickRange,
} from '@callsight/shared/time-range/index';

interface QuickRangeListProps {
  /** Label of the highlighted entry: a quick range or 'Custom Range'. */
  highlighted: string;
  onPick: (range: QuickRange) => void;
  onCustom: () => void;
}

/** Test id of a quick range entry, e.g. `time-range-quick-last-15-minutes`. */
export function quickRangeTestId(label: string): string {
  return `time-range-quick-${label.toLowerCase().replaceAll(' ', '-')}`;
}

/** The presets with their expressions, then 'Custom Range'; the matching entry is highlighted. */
export function QuickRangeList({ highlighted, onPick, onCustom }: QuickRangeListProps) {
  return (
    <List
      dense
      aria-label="Quick ranges"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', columnGap: 1, py: 0 }}
    >
      {QUICK_RANGES.map((range) => {
        const selected = range.label === highlighted;
        return (
          <ListItemButton
            key={range.label}
            selected={selected}
            aria-current={selected ? 'true' : undefined}
            data-testid={quickRangeTestId(range.label)}
            onClick={() => onPick(range)}
          >
            <ListItemText primary={range.label} secondary={`${range.from} to ${range.to}`} />
          </ListItemButton>
        );
      })}
      <ListItemButton
        selected={highlighted === CUSTOM_RANGE_LABEL}
        aria-current={highlighted === CUSTOM_RANGE_LABEL ? 'true' : undefined}
        data-testid={quickRangeTestId(CUSTOM_RANGE_LABEL)}
        onClick={onCustom}
      >
        <ListItemText primary={CUSTOM_RANGE_LABEL} secondary="Pick dates on the Absolute tab" />
      </ListItemButton>
    </List>
  );
}
