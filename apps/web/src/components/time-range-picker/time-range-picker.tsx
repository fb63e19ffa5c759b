import { useId, useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import {
  applyDateChange,
  applyDatePick,
  applyTimeChange,
  DEFAULT_RANGES,
  highlightedQuickLabel,
  parseDateText,
  quickRangeToTimeRange,
  resolveTimeRange,
  selectionToTimeRange,
  startSelection,
  timeRangeLabel,
  type AbsoluteSelection,
  type QuickRange,
  type RangeSide,
  type ResolvedTimeRange,
  type TimeRange,
} from '@callsight/shared/time-range/index';
import { pickerPlacement, popoverOrigins, type PickerPlacement } from './placement.ts';
import { QuickRangeList } from './quick-range-list.tsx';
import { RangeCalendar, type CalendarView } from './range-calendar.tsx';
import { RangeEndFields } from './range-end-fields.tsx';

export interface TimeRangePickerProps {
  value: TimeRange;
  /** Called on every accepted change: each absolute pick (auto-apply), a quick range, Set. */
  onChange: (range: TimeRange) => void;
  /** The current time; read from the clock when the picker opens if not given (tests inject it). */
  now?: Date;
  disabled?: boolean;
  /** Test id of the button; the popover's elements use fixed `time-range-*` ids. */
  'data-testid'?: string;
}

type PickerTab = 'absolute' | 'quick';

interface OpenState {
  anchor: HTMLElement;
  at: Date;
  tab: PickerTab;
  placement: PickerPlacement;
  selection: AbsoluteSelection;
  views: Record<RangeSide, CalendarView>;
}

const TITLES: Record<RangeSide, string> = { from: 'From Date', to: 'To Date' };
const LEGEND: Record<RangeSide, { text: string; color: string }> = {
  from: { text: 'Selecting From', color: 'success.main' },
  to: { text: 'Selecting To', color: 'error.main' },
};

const viewOf = (date: Date): CalendarView => ({ year: date.getFullYear(), month: date.getMonth() });

function resolveOrDefault(range: TimeRange, at: Date): ResolvedTimeRange {
  try {
    return resolveTimeRange(range, at);
  } catch {
    // A malformed range from outside (an old link) shows the default instead of failing.
    return resolveTimeRange(DEFAULT_RANGES.picker, at);
  }
}

function safeLabel(range: TimeRange, now: Date | undefined): string {
  try {
    return timeRangeLabel(range, now);
  } catch {
    return `${range.from} to ${range.to}`;
  }
}

/**
 * The shared time-range picker (spec 001 §2, §4, §5): a button with the range's label opening
 * 'Time Range' with Absolute (two calendars, auto-applied) and Quick (presets) tabs.
 */
export function TimeRangePicker({
  value,
  onChange,
  now,
  disabled,
  'data-testid': testId,
}: TimeRangePickerProps) {
  // The last state stays after closing so the content does not vanish during the exit fade.
  const [state, setState] = useState<OpenState | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const titleId = useId();

  const open = (event: MouseEvent<HTMLElement>) => {
    const anchor = event.currentTarget;
    const at = now ?? new Date();
    const selection = startSelection(resolveOrDefault(value, at));
    const placement = pickerPlacement(anchor.getBoundingClientRect(), {
      width: window.innerWidth,
      height: window.innerHeight,
    });
    setState({
      anchor,
      at,
      tab: value.kind === 'relative' ? 'quick' : 'absolute',
      placement,
      selection,
      views: { from: viewOf(selection.from), to: viewOf(selection.to) },
    });
    setIsOpen(true);
  };
  const close = () => setIsOpen(false);

  const commit = (next: AbsoluteSelection, views?: Partial<Record<RangeSide, CalendarView>>) => {
    setState((current) =>
      current ? { ...current, selection: next, views: { ...current.views, ...views } } : current,
    );
    onChange(selectionToTimeRange(next));
  };

  const label = safeLabel(value, now);
  const origins = popoverOrigins(state?.placement ?? 'below');

  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<AccessTimeIcon />}
        onClick={open}
        disabled={disabled}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-label={`Time range: ${label}`}
        data-testid={testId ?? 'time-range-picker-button'}
        sx={{ textTransform: 'none' }}
      >
        {label}
      </Button>
      <Popover
        open={isOpen && state !== null}
        anchorEl={state?.anchor ?? null}
        onClose={close}
        anchorOrigin={origins.anchorOrigin}
        transformOrigin={origins.transformOrigin}
      >
        {state && (
          <PickerBody
            state={state}
            value={value}
            titleId={titleId}
            onTab={(tab) => setState({ ...state, tab })}
            onViews={(views) => setState({ ...state, views: { ...state.views, ...views } })}
            onCommit={commit}
            onQuick={(range) => {
              onChange(quickRangeToTimeRange(range));
              close();
            }}
            onSet={() => {
              if (state.tab === 'absolute') onChange(selectionToTimeRange(state.selection));
              close();
            }}
          />
        )}
      </Popover>
    </>
  );
}

interface PickerBodyProps {
  state: OpenState;
  value: TimeRange;
  titleId: string;
  onTab: (tab: PickerTab) => void;
  onViews: (views: Partial<Record<RangeSide, CalendarView>>) => void;
  onCommit: (next: AbsoluteSelection, views?: Partial<Record<RangeSide, CalendarView>>) => void;
  onQuick: (range: QuickRange) => void;
  onSet: () => void;
}

function PickerBody({
  state,
  value,
  titleId,
  onTab,
  onViews,
  onCommit,
  onQuick,
  onSet,
}: PickerBodyProps) {
  const { at, selection } = state;
  const legend = LEGEND[selection.selecting];

  const pick = (date: Date) => {
    const next = applyDatePick(selection, date, at);
    if (next !== selection) onCommit(next);
  };
  const dateText = (side: RangeSide, text: string) => {
    const parsed = parseDateText(text, selection[side]);
    if (parsed === selection[side]) return;
    const next = applyDateChange(selection, side, parsed, at);
    if (next !== selection) onCommit(next, { [side]: viewOf(next[side]) });
  };
  const time = (side: RangeSide, hours: number, minutes: number) => {
    const next = applyTimeChange(selection, side, hours, minutes, at);
    if (next !== selection) onCommit(next);
  };

  return (
    <Box
      role="dialog"
      aria-labelledby={titleId}
      data-testid="time-range-popover"
      data-placement={state.placement}
      sx={{ p: 2, width: 620, maxWidth: '100%' }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexShrink: 0 }}>
          Time Range
        </Typography>
        <Tabs value={state.tab} onChange={(_, tab: PickerTab) => onTab(tab)} sx={{ flex: 1 }}>
          <Tab value="absolute" label="Absolute" data-testid="time-range-tab-absolute" />
          <Tab value="quick" label="Quick" data-testid="time-range-tab-quick" />
        </Tabs>
        <Button variant="contained" onClick={onSet} data-testid="time-range-set">
          Set
        </Button>
      </Stack>
      {state.tab === 'absolute' ? (
        <Box sx={{ mt: 2 }}>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center' }}
            aria-live="polite"
            data-testid="time-range-legend"
            data-selecting={selection.selecting}
          >
            <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: legend.color }} />
            <Typography variant="body2" sx={{ color: legend.color, fontWeight: 500 }}>
              {legend.text}
            </Typography>
          </Stack>
          <Stack direction="row" spacing={3} sx={{ mt: 1 }}>
            {(['from', 'to'] as const).map((side) => (
              <Box key={side}>
                <RangeCalendar
                  side={side}
                  title={TITLES[side]}
                  view={state.views[side]}
                  onViewChange={(view) => onViews({ [side]: view })}
                  from={selection.from}
                  to={selection.to}
                  now={at}
                  onPick={pick}
                />
                <RangeEndFields
                  side={side}
                  value={selection[side]}
                  onDateText={(text) => dateText(side, text)}
                  onTime={(hours, minutes) => time(side, hours, minutes)}
                />
              </Box>
            ))}
          </Stack>
        </Box>
      ) : (
        <Box sx={{ mt: 2 }}>
          <QuickRangeList
            highlighted={highlightedQuickLabel(value, at)}
            onPick={onQuick}
            onCustom={() => onTab('absolute')}
          />
        </Box>
      )}
    </Box>
  );
}
