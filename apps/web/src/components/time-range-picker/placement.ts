/** The picker needs this much room below its button, else it opens to the side (spec 001 §2). */
export const PICKER_MIN_SPACE_PX = 680;

export type PickerPlacement = 'below' | 'right' | 'left';

export interface PopoverOrigins {
  anchorOrigin: { vertical: 'top' | 'bottom'; horizontal: 'left' | 'right' };
  transformOrigin: { vertical: 'top' | 'bottom'; horizontal: 'left' | 'right' };
}

/** Below the button when 680 px are free under it; otherwise beside it, on the roomier side. */
export function pickerPlacement(
  anchor: { top: number; bottom: number; left: number; right: number },
  viewport: { width: number; height: number },
): PickerPlacement {
  if (viewport.height - anchor.bottom >= PICKER_MIN_SPACE_PX) return 'below';
  return viewport.width - anchor.right >= anchor.left ? 'right' : 'left';
}

/** Popover origins for a placement. */
export function popoverOrigins(placement: PickerPlacement): PopoverOrigins {
  switch (placement) {
    case 'below':
      return {
        anchorOrigin: { vertical: 'bottom', horizontal: 'left' },
        transformOrigin: { vertical: 'top', horizontal: 'left' },
      };
    case 'right':
      return {
        anchorOrigin: { vertical: 'top', horizontal: 'right' },
        transformOrigin: { vertical: 'top', horizontal: 'left' },
      };
    case 'left':
      return {
        anchorOrigin: { vertical: 'top', horizontal: 'left' },
        transformOrigin: { vertical: 'top', horizontal: 'right' },
      };
  }
}
