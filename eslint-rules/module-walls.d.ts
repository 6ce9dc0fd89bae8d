import type { Rule } from 'eslint';

declare const moduleWalls: Rule.RuleModule;
export default moduleWalls;
