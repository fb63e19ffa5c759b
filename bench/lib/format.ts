import type { Figure } from './benchmark.ts';

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

const valueText = (figure: Figure) =>
  typeof figure.value === 'number' ? numberFormat.format(figure.value) : figure.value;

/**
 * Aligned columns: label, value (grouped thousands, two decimals at most), unit. Values align
 * right so that figures line up; pass 'left' for descriptive text.
 */
export function formatTable(figures: Figure[], align: 'left' | 'right' = 'right'): string {
  const values = figures.map(valueText);
  const labelWidth = Math.max(0, ...figures.map((f) => f.label.length));
  const valueWidth = Math.max(0, ...values.map((v) => v.length));
  return figures
    .map((f, i) => {
      const text = values[i] ?? '';
      const value = align === 'right' ? text.padStart(valueWidth) : text;
      return `  ${f.label.padEnd(labelWidth)}  ${value}${f.unit ? ` ${f.unit}` : ''}`.trimEnd();
    })
    .join('\n');
}
