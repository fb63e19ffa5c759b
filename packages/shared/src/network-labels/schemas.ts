import { z } from 'zod';
import { normalizeCidr } from './cidr.ts';
import { validateNetworkLabels, type NetworkLabelEntry } from './network-labels.ts';

/** One saved entry of the ipMap (spec 001 §3, §7). */
export const NetworkLabelSchema = z.strictObject({
  cidr: z.string(),
  label: z.string(),
});
export type NetworkLabel = z.infer<typeof NetworkLabelSchema>;

/** GET and PUT /config/ip/ answer: the ordered list, first match wins. */
export const NetworkLabelMapSchema = z.object({ ipMap: z.array(NetworkLabelSchema) });
export type NetworkLabelMap = z.infer<typeof NetworkLabelMapSchema>;

const normalized = (entries: readonly NetworkLabelEntry[]): NetworkLabel[] =>
  entries.map((e) => ({ cidr: normalizeCidr(e.cidr) ?? e.cidr.trim(), label: e.label.trim() }));

/**
 * PUT /config/ip/ body: the whole ordered list. Rows are validated with the spec's texts (paths
 * name the row and field, e.g. ipMap.2.cidr) and come out trimmed with canonical ranges.
 */
export const NetworkLabelMapUpdateSchema = z
  .strictObject({ ipMap: z.array(NetworkLabelSchema) })
  .superRefine(({ ipMap }, ctx) => {
    for (const issue of validateNetworkLabels(ipMap)) {
      const path = issue.index === null ? ['ipMap'] : ['ipMap', issue.index, issue.field ?? 'cidr'];
      ctx.addIssue({ code: 'custom', path, message: issue.message });
    }
  })
  .transform(({ ipMap }) => ({ ipMap: normalized(ipMap) }));
export type NetworkLabelMapUpdate = z.output<typeof NetworkLabelMapUpdateSchema>;

/** One row of the edit form: a client-generated id, the range as the screen calls it, the label. */
export const NetworkLabelFormRowSchema = z.object({
  id: z.string(),
  cidrRange: z.string(),
  label: z.string(),
});
export type NetworkLabelFormRow = z.infer<typeof NetworkLabelFormRowSchema>;

/** The edit form: same rules as the API (row errors on rows.n.cidrRange / rows.n.label); outputs the PUT body. */
export const NetworkLabelFormSchema = z
  .object({ rows: z.array(NetworkLabelFormRowSchema) })
  .superRefine(({ rows }, ctx) => {
    const entries = rows.map((r) => ({ cidr: r.cidrRange, label: r.label }));
    for (const issue of validateNetworkLabels(entries)) {
      const field = issue.field === 'label' ? 'label' : 'cidrRange';
      const path = issue.index === null ? ['rows'] : ['rows', issue.index, field];
      ctx.addIssue({ code: 'custom', path, message: issue.message });
    }
  })
  .transform(({ rows }) => ({
    ipMap: normalized(rows.map((r) => ({ cidr: r.cidrRange, label: r.label }))),
  }));
