import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  JOURNEY_PHASE_SPAN_NAMES,
  TIMELINE,
  formatTimelineOffset,
  formatDurationMs,
  timelineBar,
  timelineIndentPx,
  timelineTickStepMs,
  timelineTicks,
  type ProcessedSpan,
  type ProcessedTrace,
} from '@callsight/shared';
import { PHASE_COLORS, PHASE_LABELS, spanColor } from './phase-colors.ts';

const ROW = TIMELINE.rowHeightPx;
const LABEL_WIDTH = 300;
/** Rows drawn above and below the visible ones, so fast scrolling shows no gap. */
const OVERSCAN = 10;

interface Props {
  trace: ProcessedTrace;
  selectedSpanId: string | undefined;
  onSelect: (spanId: string) => void;
  /** Largest height of the scrolling rows area in pixels (a short trace takes less). */
  height: number;
}

/** Width of an element, followed as it resizes. */
function useWidth(initial: number) {
  const ref = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth || initial);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth || initial));
    observer.observe(el);
    return () => observer.disconnect();
  }, [initial]);
  return [ref, width] as const;
}

/**
 * The waterfall of a journey (spec 002 §9): ticks at least 96 px apart in the spec's steps,
 * bars at least 0.2% wide, labels indented 12 px per level (at most 12 levels), the journey
 * phases as a coloured strip and coloured bars. Only the visible rows are drawn, so a
 * 5,000-span journey scrolls as smoothly as a small one.
 */
export function TraceTimeline({ trace, selectedSpanId, onSelect, height }: Props) {
  const [barRef, barWidth] = useWidth(600);
  const [scrollTop, setScrollTop] = useState(0);
  const scroller = useRef<HTMLDivElement | null>(null);
  const step = timelineTickStepMs(trace.durationMs, barWidth);
  const ticks = useMemo(() => timelineTicks(trace.durationMs, step), [trace.durationMs, step]);
  const phases = useMemo(() => trace.spans.filter((s) => s.isPhase), [trace.spans]);
  const presentPhases = JOURNEY_PHASE_SPAN_NAMES.filter((p) => phases.some((s) => s.name === p));

  const total = trace.spans.length;
  const first = Math.max(0, Math.floor(scrollTop / ROW) - OVERSCAN);
  const last = Math.min(total, Math.ceil((scrollTop + height) / ROW) + OVERSCAN);
  const visible = trace.spans.slice(first, last);

  // Bring a span selected elsewhere (the URL) into view.
  useEffect(() => {
    const index = trace.spans.findIndex((s) => s.spanId === selectedSpanId);
    const el = scroller.current;
    if (index < 0 || !el) return;
    const top = index * ROW;
    if (top < el.scrollTop || top + ROW > el.scrollTop + el.clientHeight)
      el.scrollTop = Math.max(0, top - el.clientHeight / 2);
  }, [selectedSpanId, trace.spans]);

  const tickLeft = (ms: number) => `${(ms / trace.durationMs) * 100}%`;

  return (
    <Box
      data-testid="trace-timeline"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
    >
      <Stack direction="row" sx={{ borderBottom: 1, borderColor: 'divider', height: 28 }}>
        <Box
          sx={{ width: LABEL_WIDTH, flexShrink: 0, px: 1, display: 'flex', alignItems: 'center' }}
        >
          <Typography variant="caption" color="text.secondary">
            {total} spans · {formatDurationMs(trace.durationMs)}
          </Typography>
        </Box>
        <Box
          ref={barRef}
          sx={{ position: 'relative', flex: 1, mr: 2 }}
          data-testid="timeline-ticks"
        >
          {ticks.map((t) => (
            <Typography
              key={t}
              variant="caption"
              color="text.secondary"
              sx={{
                position: 'absolute',
                left: tickLeft(t),
                top: 6,
                transform: t === 0 ? 'none' : 'translateX(-50%)',
                whiteSpace: 'nowrap',
              }}
            >
              {formatTimelineOffset(t, step)}
            </Typography>
          ))}
        </Box>
      </Stack>
      {phases.length > 0 && (
        <Stack
          direction="row"
          sx={{ borderBottom: 1, borderColor: 'divider', height: 24, alignItems: 'center' }}
        >
          <Stack direction="row" spacing={1} sx={{ width: LABEL_WIDTH, flexShrink: 0, px: 1 }}>
            <Typography variant="caption" sx={{ fontWeight: 600 }}>
              Phases
            </Typography>
          </Stack>
          <Box sx={{ position: 'relative', flex: 1, mr: 2, height: 16 }}>
            {phases.map((p) => {
              const bar = timelineBar(p.offsetMs, p.durationMs, trace.durationMs);
              const color = (PHASE_COLORS as Record<string, string>)[p.name] ?? '#64748b';
              return (
                <Tooltip key={p.spanId} title={`${p.name} · ${formatDurationMs(p.durationMs)}`}>
                  <Box
                    data-testid="phase-marker"
                    data-phase={p.name}
                    onClick={() => onSelect(p.spanId)}
                    sx={{
                      position: 'absolute',
                      left: `${bar.leftPercent}%`,
                      width: `${bar.widthPercent}%`,
                      height: 16,
                      bgcolor: color,
                      opacity: 0.85,
                      borderRadius: 0.5,
                      cursor: 'pointer',
                      overflow: 'hidden',
                      color: '#fff',
                      fontSize: 10,
                      lineHeight: '16px',
                      px: 0.5,
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {(PHASE_LABELS as Record<string, string>)[p.name] ?? p.name}
                  </Box>
                </Tooltip>
              );
            })}
          </Box>
        </Stack>
      )}
      <Box
        ref={scroller}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        sx={{ height: Math.min(height, total * ROW + 2), overflowY: 'auto', position: 'relative' }}
        data-testid="timeline-scroller"
      >
        <Box sx={{ height: total * ROW, position: 'relative' }}>
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              left: LABEL_WIDTH,
              right: 16,
              top: 0,
              bottom: 0,
              pointerEvents: 'none',
            }}
          >
            {ticks.map((t) => (
              <Box
                key={t}
                sx={{
                  position: 'absolute',
                  left: tickLeft(t),
                  top: 0,
                  bottom: 0,
                  borderLeft: 1,
                  borderColor: 'divider',
                }}
              />
            ))}
          </Box>
          {visible.map((span, i) => (
            <TimelineRow
              key={span.spanId}
              span={span}
              top={(first + i) * ROW}
              traceDurationMs={trace.durationMs}
              selected={span.spanId === selectedSpanId}
              onSelect={onSelect}
            />
          ))}
        </Box>
      </Box>
      {presentPhases.length > 0 && (
        <Stack
          direction="row"
          spacing={2}
          sx={{ px: 1, py: 0.5, borderTop: 1, borderColor: 'divider', flexWrap: 'wrap' }}
          data-testid="phase-legend"
        >
          {presentPhases.map((p) => (
            <Stack key={p} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <Box sx={{ width: 10, height: 10, borderRadius: 0.5, bgcolor: PHASE_COLORS[p] }} />
              <Typography variant="caption">
                {PHASE_LABELS[p]} ({p})
              </Typography>
            </Stack>
          ))}
        </Stack>
      )}
    </Box>
  );
}

function TimelineRow({
  span,
  top,
  traceDurationMs,
  selected,
  onSelect,
}: {
  span: ProcessedSpan;
  top: number;
  traceDurationMs: number;
  selected: boolean;
  onSelect: (spanId: string) => void;
}) {
  const bar = timelineBar(span.offsetMs, span.durationMs, traceDurationMs);
  const color = spanColor(span.name, span.statusCode);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onSelect(span.spanId);
    }
  };
  return (
    <Stack
      direction="row"
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      data-testid="timeline-row"
      data-span-id={span.spanId}
      onClick={() => onSelect(span.spanId)}
      onKeyDown={onKey}
      sx={{
        position: 'absolute',
        top,
        left: 0,
        right: 0,
        height: ROW,
        alignItems: 'center',
        cursor: 'pointer',
        bgcolor: selected ? 'action.selected' : 'transparent',
        '&:hover': { bgcolor: selected ? 'action.selected' : 'action.hover' },
        borderLeft: 3,
        borderLeftColor: span.isPhase ? color : 'transparent',
      }}
    >
      <Stack
        direction="row"
        spacing={0.75}
        sx={{
          width: LABEL_WIDTH - 3,
          flexShrink: 0,
          pl: `${8 + timelineIndentPx(span.depth)}px`,
          pr: 1,
          alignItems: 'center',
          overflow: 'hidden',
        }}
      >
        <Typography
          variant="body2"
          noWrap
          title={span.name}
          sx={{ fontWeight: span.isPhase ? 600 : 400, fontSize: 13 }}
        >
          {span.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap sx={{ flexShrink: 1 }}>
          {span.serviceName}
        </Typography>
        {span.insightsCount > 0 && (
          <Box
            component="span"
            title={`${span.insightsCount} insight(s)`}
            sx={{
              ml: 'auto',
              px: 0.5,
              borderRadius: 1,
              fontSize: 11,
              bgcolor: 'warning.light',
              color: 'warning.contrastText',
            }}
          >
            {span.insightsCount}
          </Box>
        )}
      </Stack>
      <Box sx={{ position: 'relative', flex: 1, height: '100%', mr: 2 }}>
        <Box
          sx={{
            position: 'absolute',
            left: `${bar.leftPercent}%`,
            width: `${bar.widthPercent}%`,
            top: 7,
            height: ROW - 14,
            bgcolor: color,
            borderRadius: 0.5,
          }}
        />
        <Typography
          variant="caption"
          sx={{
            position: 'absolute',
            top: 5,
            whiteSpace: 'nowrap',
            // Beside the bar when there is room on its right; inside a bar reaching the end.
            ...(bar.leftPercent + bar.widthPercent <= 80
              ? { left: `${bar.leftPercent + bar.widthPercent + 0.5}%`, color: 'text.secondary' }
              : bar.widthPercent > 15
                ? { right: `${100 - bar.leftPercent - bar.widthPercent + 0.5}%`, color: '#fff' }
                : { right: `${100 - bar.leftPercent + 0.5}%`, color: 'text.secondary' }),
          }}
        >
          {formatDurationMs(span.durationMs)}
        </Typography>
      </Box>
    </Stack>
  );
}
