import type { CodedIssue } from '@netloom/domain';
import { Alert } from 'antd';
import './form.css';

interface GeneralIssuesProps {
  issues: readonly CodedIssue[];
  /** The heading when there are several (one issue is its own heading). */
  title?: string;
  /** Default: spaced above the form. */
  className?: string;
  /** Class of the list when there are several (`nl-issue-list`: indented). */
  listClassName?: string;
  testId?: string;
}

/**
 * Issues a change causes that belong to no field of the form (a count limit, a duplicate elsewhere,
 * a reference): one error above the form, the message itself when there is one, else a list.
 */
export function GeneralIssues({
  issues,
  title = 'This change breaks these rules:',
  className = 'nl-general-issues',
  listClassName,
  testId,
}: GeneralIssuesProps) {
  if (issues.length === 0) return null;
  return (
    <Alert
      className={className}
      type="error"
      showIcon
      title={issues.length === 1 ? issues[0]?.message : title}
      description={
        issues.length > 1 ? (
          <ul className={listClassName}>
            {issues.map((i) => (
              <li key={`${i.path}:${i.message}`}>{i.message}</li>
            ))}
          </ul>
        ) : undefined
      }
      data-testid={testId}
    />
  );
}
