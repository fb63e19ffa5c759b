import type { ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import RestartAltRoundedIcon from '@mui/icons-material/RestartAltRounded';
import { DEFAULT_RANGES, encodeTimeRangeParams, type TimeRange } from '@callsight/shared';
import { RangeFilter } from '../../components/range-filter.tsx';
import { INSIGHT_TEXTS as T } from '../texts.ts';

/** The filter bar above an insights page's chart. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1.5, mb: 2 }}>
      <Stack direction="row" useFlexGap spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {children}
      </Stack>
    </Paper>
  );
}

const isDefault = (range: TimeRange) => {
  const a = encodeTimeRangeParams(range);
  const b = encodeTimeRangeParams(DEFAULT_RANGES.insights);
  return a.from === b.from && a.to === b.to;
};

/**
 * The Timestamp filter of the insights pages with a reset: clearing the filter goes back to the
 * default range, Last 4 hours (spec 002 §5).
 */
export function InsightRangeFilter({
  range,
  onRange,
  testId,
}: {
  range: TimeRange;
  onRange: (range: TimeRange) => void;
  testId: string;
}) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <RangeFilter range={range} onRange={onRange} testId={testId} />
      {!isDefault(range) && (
        <Tooltip title={T.resetRange}>
          <IconButton
            size="small"
            aria-label={T.resetRange}
            onClick={() => onRange(DEFAULT_RANGES.insights)}
          >
            <RestartAltRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}

interface ListFilterProps {
  label: string;
  options: readonly { value: string; label: string }[];
  value: readonly string[];
  onChange: (values: string[]) => void;
  /** Values may be typed as well as picked; each typed one goes through `normalize`. */
  freeSolo?: { normalize: (text: string) => string; hint: string };
  testId: string;
}

/** A multi-select filter (regions, agent types, target numbers); empty means all. */
export function ListFilter({ label, options, value, onChange, freeSolo, testId }: ListFilterProps) {
  const labelOf = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  return (
    <Autocomplete<string, true, false, boolean>
      multiple
      size="small"
      freeSolo={!!freeSolo}
      options={options.map((o) => o.value)}
      getOptionLabel={labelOf}
      value={[...value]}
      onChange={(_event, next) => {
        const values = next.map((v) => (freeSolo ? freeSolo.normalize(v) : v)).filter(Boolean);
        onChange([...new Set(values)]);
      }}
      filterSelectedOptions
      limitTags={2}
      renderValue={(selected, getItemProps) =>
        selected.map((v, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={labelOf(v)} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={value.length ? undefined : freeSolo ? freeSolo.hint : T.any}
        />
      )}
      sx={{ minWidth: 240, maxWidth: 420 }}
      data-testid={testId}
    />
  );
}
