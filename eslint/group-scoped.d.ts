import type { Rule } from 'eslint';

export declare const groupScoped: Rule.RuleModule;
declare const plugin: { rules: Record<string, Rule.RuleModule> };
export default plugin;
