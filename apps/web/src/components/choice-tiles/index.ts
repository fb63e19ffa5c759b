export { ChoiceTiles, type Choice, type ChoiceTilesLayout } from './choice-tiles.tsx';
