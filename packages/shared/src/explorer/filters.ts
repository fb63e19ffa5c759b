/**
 * List filters of the explorer (spec 002 §5, §7.3): each is a field, an operator and a value;
 * text fields are sent as field=value, numeric ones as {field}From and {field}To.
 */
import {
  AGENT_LOG_FILTER_FIELDS,
  CALL_STATS_FILTER_FIELDS,
  CALL_STATS_NUMERIC_FIELDS,
  FILTER_OPERATORS,
  FILTER_VALUE_DIVISORS,
  NUMERIC_FILTER_BOUNDS,
  type CallStatsNumericField,
  type FilterOperator,
} from './constants.ts';

export interface ListFilter {
  field: string;
  operator: FilterOperator;
  value: string;
}

export interface NumericRange {
  from: number;
  to: number;
}

/** The query parameters of a filter list: text values (repeatable) and numeric bounds. */
export type FilterQuery = Record<string, string | string[]>;

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A number typed by a person ("3.5", " 40 ", "1e3"), or null when it does not parse. */
export function parseFilterNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!NUMBER_TEXT.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/**
 * The From/To range of one numeric filter (spec 002 §7.3): '>=' sets To to 999999, '<=' sets
 * From to 0, '=' sets both to the value. An unparseable value is ignored (null). A `divisor`
 * turns a typed percent into the API's fraction.
 */
export function numericFilterRange(
  operator: FilterOperator,
  text: string,
  divisor = 1,
): NumericRange | null {
  const parsed = parseFilterNumber(text);
  if (parsed === null) return null;
  const value = parsed / divisor;
  if (operator === '>=') return { from: value, to: NUMERIC_FILTER_BOUNDS.max };
  if (operator === '<=') return { from: NUMERIC_FILTER_BOUNDS.min, to: value };
  return { from: value, to: value };
}

export const isFilterOperator = (value: string): value is FilterOperator =>
  (FILTER_OPERATORS as readonly string[]).includes(value);

const NUMERIC = new Set<string>(CALL_STATS_NUMERIC_FIELDS);

/** True for the call stats fields filtered by range (mos, jitter, rtt ...). */
export const isNumericFilterField = (field: string): boolean => NUMERIC.has(field);

/** The operators a field offers: all three for numeric fields, '=' for text fields. */
export function operatorsFor(field: string): readonly FilterOperator[] {
  return isNumericFilterField(field) ? FILTER_OPERATORS : ['='];
}

/** The filter fields of each list. */
export const LIST_FILTER_FIELDS = {
  calls: CALL_STATS_FILTER_FIELDS,
  logs: AGENT_LOG_FILTER_FIELDS,
} as const;
export type ExplorerList = keyof typeof LIST_FILTER_FIELDS;

/** True when the filter is complete (field, operator and value all given) and fits the list. */
export function isApplicableFilter(list: ExplorerList, filter: ListFilter): boolean {
  if (!(LIST_FILTER_FIELDS[list] as readonly string[]).includes(filter.field)) return false;
  if (!operatorsFor(filter.field).includes(filter.operator)) return false;
  return filter.value.trim() !== '';
}

/**
 * The query parameters of a filter list. Several filters on one numeric field narrow each other
 * (mos >= 3 and mos <= 4 give mosFrom=3, mosTo=4); several values of a text field match any of
 * them. Incomplete filters and unparseable numbers are ignored.
 */
export function filtersToQuery(list: ExplorerList, filters: readonly ListFilter[]): FilterQuery {
  const text = new Map<string, string[]>();
  const ranges = new Map<string, NumericRange>();
  for (const filter of filters) {
    if (!isApplicableFilter(list, filter)) continue;
    if (list === 'calls' && isNumericFilterField(filter.field)) {
      const divisor = FILTER_VALUE_DIVISORS[filter.field as CallStatsNumericField];
      const range = numericFilterRange(filter.operator, filter.value, divisor);
      if (!range) continue;
      const before = ranges.get(filter.field);
      ranges.set(
        filter.field,
        before
          ? { from: Math.max(before.from, range.from), to: Math.min(before.to, range.to) }
          : range,
      );
    } else {
      const values = text.get(filter.field) ?? [];
      const value = filter.value.trim();
      if (!values.includes(value)) values.push(value);
      text.set(filter.field, values);
    }
  }
  const query: FilterQuery = {};
  for (const [field, values] of text)
    query[field] = values.length === 1 ? (values[0] ?? '') : values;
  for (const [field, range] of ranges) {
    query[`${field}From`] = String(range.from);
    query[`${field}To`] = String(range.to);
  }
  return query;
}
