import { describe, expect, it } from 'vitest';
import { PICKER_MIN_SPACE_PX, pickerPlacement, popoverOrigins } from './placement.ts';

const viewport = { width: 1400, height: 900 };
const anchor = (top: number, left: number) => ({ top, bottom: top + 36, left, right: left + 200 });

describe('pickerPlacement', () => {
  it('opens below when 680 px are free under the button', () => {
    expect(PICKER_MIN_SPACE_PX).toBe(680);
    expect(pickerPlacement(anchor(184, 100), viewport)).toBe('below'); // exactly 680 below
  });

  it('opens to the roomier side when less is free', () => {
    expect(pickerPlacement(anchor(185, 100), viewport)).toBe('right');
    expect(pickerPlacement(anchor(185, 1100), viewport)).toBe('left');
  });

  it('maps placements to popover origins', () => {
    expect(popoverOrigins('right')).toEqual({
      anchorOrigin: { vertical: 'top', horizontal: 'right' },
      transformOrigin: { vertical: 'top', horizontal: 'left' },
    });
    expect(popoverOrigins('below').anchorOrigin).toEqual({
      vertical: 'bottom',
      horizontal: 'left',
    });
  });
});
