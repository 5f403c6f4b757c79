import type { CodedIssue, SwitchRuleContext } from './issues';
import type { SwitchSettings } from './switching';

/** Every broken §5/§6 rule of one device's switch-port settings (implemented by the rules work). */
export function switchSettingsIssues(_s: SwitchSettings, _ctx: SwitchRuleContext): CodedIssue[] {
  return [];
}
