import { type CodedIssue, canConfigure } from '@netloom/domain';
import { DEMO_DISABLED_TITLE, useIsDemoProject } from '../../session/demoProject';
import { useCurrentProject } from '../../session/session';
import type { SettingsSaveOutcome } from './useSettingsSave';

/** Whether the current account may change a settings page, and the words when it may not. */
export interface SettingsAccess {
  projectId: number;
  /** The manage right on the project, and not a demo project. */
  canEdit: boolean;
  /** Why edit controls are disabled (tooltip), or undefined when they are not. */
  disabledReason: string | undefined;
  /** The sentence shown above the settings when they cannot be changed. */
  notice: string | undefined;
}

export interface SettingsAccessTexts {
  /** Tooltip of disabled controls for a read-only member. */
  readOnlyTitle: string;
  /** Notice in a demo project. */
  demoNotice: string;
  /** Notice for a read-only member. */
  readOnlyNotice: string;
}

/** The current project's right and demo status as a settings page shows them. */
export function useSettingsAccess(texts: SettingsAccessTexts): SettingsAccess {
  const { project } = useCurrentProject();
  const demo = useIsDemoProject();
  const readOnly = !project || !canConfigure(project.right);
  return {
    projectId: project?.id ?? 0,
    canEdit: !readOnly && !demo,
    disabledReason: demo ? DEMO_DISABLED_TITLE : readOnly ? texts.readOnlyTitle : undefined,
    notice: demo ? texts.demoNotice : readOnly ? texts.readOnlyNotice : undefined,
  };
}

/** What a settings page edits with: its document's view, the rights, the domain's rules and the save. */
export interface SettingsEditor<V extends { version: number }, S> extends SettingsAccess {
  view: V;
  settings: S;
  /** Every broken §5 rule of a candidate document (the domain's rules, the server's too). */
  issuesOf(candidate: S): CodedIssue[];
  /**
   * Saves a candidate document through the shared save flow (delivery report, conflict modal,
   * catalogue message); `onReload` runs when the user chooses to reload after a conflict.
   * `baseVersion` (default: the version shown) is the version a long-lived draft started from, so
   * a newer version that arrived meanwhile is never overwritten.
   */
  save(candidate: S, opts?: { onReload?: () => void; baseVersion?: number }): Promise<SettingsSaveOutcome>;
}
