export { TimeRangePicker, type TimeRangePickerProps } from './time-range-picker.tsx';
export { useTimeRangeParam } from './use-time-range-param.ts';
export { PICKER_MIN_SPACE_PX, pickerPlacement, type PickerPlacement } from './placement.ts';
