/** The titles of the canvas keys live with the keys (shared with the server). */
export { CANVAS_LABELS } from '@callsight/shared';
