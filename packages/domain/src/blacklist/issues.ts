/** The blacklist's rules, each with its catalogue code: 156 over 100 entries, 500 a MAC twice. */
import { type CodedIssue, IssueList } from '../config/ruleKit';
import { ERR, errorMessage } from '../errors/catalogue';
import { MAX_BLACKLIST_ENTRIES } from '../limits';
import type { BlacklistSettings } from './settings';

/** Whether one more entry would break the 100-entry rule (156): the form says so before it asks. */
export function blacklistFull(settings: BlacklistSettings): boolean {
  return settings.entries.length >= MAX_BLACKLIST_ENTRIES;
}

export function blacklistIssues(settings: BlacklistSettings): CodedIssue[] {
  const issues = new IssueList();
  if (settings.entries.length > MAX_BLACKLIST_ENTRIES)
    issues.add('entries', ERR.BLACKLIST_LIMIT, errorMessage(ERR.BLACKLIST_LIMIT));
  const seen = new Set<string>();
  settings.entries.forEach((e, i) => {
    const mac = e.mac.toUpperCase();
    if (seen.has(mac))
      issues.add(`entries.${i}.mac`, ERR.BLACKLIST_ENTRY_EXISTS, errorMessage(ERR.BLACKLIST_ENTRY_EXISTS));
    seen.add(mac);
  });
  return issues.items;
}
