import Typography from '@mui/material/Typography';
import { DataTable, type DataTableColumn } from '../../../components/data-table/index.ts';
import { formatDateTime } from '../format.ts';
import { DetailEmpty } from './detail-states.tsx';

/** One search hit of a call's logs or telemetry events (`_id` and the stored `_source`). */
interface Hit<Source> {
  _id: string;
  _source: Source;
}

/** The Time column of a hit list: the stored time in the browser's time zone. */
export function timeColumn<S extends { time: string }>(): DataTableColumn<Hit<S>> {
  return {
    field: 'time',
    headerName: 'Time',
    width: 170,
    nowrap: true,
    text: (h) => formatDateTime(h._source.time),
  };
}

/**
 * A call's hits (log lines or telemetry events) in a table of their own, or the empty text; when
 * the server stopped at its cap, says how many of the call's `unit` are shown.
 */
export function HitsTable<S>(props: {
  label: string;
  hits: Hit<S>[];
  total: { value: number; relation: 'eq' | 'gte' };
  columns: DataTableColumn<Hit<S>>[];
  emptyText: string;
  unit: string;
}) {
  const { label, hits, total, columns, emptyText, unit } = props;
  if (hits.length === 0) return <DetailEmpty text={emptyText} />;
  return (
    <>
      <DataTable
        label={label}
        rows={hits}
        getRowId={(h) => h._id}
        columns={columns}
        emptyText={emptyText}
        maxHeight={640}
      />
      {total.relation === 'gte' && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ p: 1.5 }}>
          Showing the first {total.value} {unit} of this call.
        </Typography>
      )}
    </>
  );
}
