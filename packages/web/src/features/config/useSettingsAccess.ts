import { canConfigure } from '@netloom/domain';
import { DEMO_DISABLED_TITLE, useIsDemoProject } from '../../session/demoProject';
import { useCurrentProject } from '../../session/session';

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

/** How a settings page names what it changes, for the sentences above. */
interface SettingsNames {
  /** "changing the network needs the manage right". */
  changing: string;
  /** "you can look at the network settings". */
  settings: string;
  /** "the settings are shown". */
  shown: string;
}

/** The words of a settings page the account may not change, from how the page names its settings. */
export function accessTexts({ changing, settings, shown }: SettingsNames): SettingsAccessTexts {
  return {
    readOnlyTitle: `You can only view this project: changing ${changing} needs the manage right.`,
    demoNotice: `This is a demo project: you can look at ${settings}, but changes are unavailable.`,
    readOnlyNotice: `You can only view this project: ${shown} shown, changing them needs the manage right.`,
  };
}
