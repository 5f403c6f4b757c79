import type { CodedIssue, NetworkRuleContext } from './issues';
import type { NetworkSettings } from './network';

/** Every broken §5 rule of a project's network settings (implemented by the rules work). */
export function networkSettingsIssues(_s: NetworkSettings, _ctx: NetworkRuleContext): CodedIssue[] {
  return [];
}
