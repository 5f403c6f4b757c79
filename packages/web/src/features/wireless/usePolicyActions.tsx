import { ERR, errorMessage, type WirelessPolicy } from '@netloom/domain';
import { App } from 'antd';
import { useState } from 'react';
import { reachedDevices } from './deviceBands';
import { putPolicy, removePolicy } from './policyForm';
import { newIssues } from './usePolicyValidation';
import type { WirelessEditor } from './useWirelessEditor';

function issueList(messages: readonly string[]) {
  return (
    <ul className="nl-wifi-issue-list">
      {messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}

/**
 * Deleting a policy saves the document without it, after a confirm that says which devices stop
 * broadcasting the SSID. A deletion the rules refuse (in use, 26) is explained instead — by the
 * domain's rules before anything is sent, or by the server's answer.
 */
export function useDeletePolicy(editor: WirelessEditor) {
  const { modal } = App.useApp();
  const refused = (name: string, messages: readonly string[]) =>
    modal.error({
      title: `Wi-Fi policy “${name}” cannot be deleted`,
      content: messages.length === 1 ? messages[0] : issueList(messages),
      okText: 'Close',
    });

  return (index: number) => {
    const policy = editor.settings.policies[index];
    if (!policy) return;
    const candidate = removePolicy(editor.settings, index);
    const issues = newIssues(editor, candidate);
    if (issues.length > 0) {
      refused(
        policy.name,
        issues.map((i) => i.message),
      );
      return;
    }
    const reached = reachedDevices(policy, editor.view.devices);
    modal.confirm({
      title: `Delete Wi-Fi policy “${policy.name}”?`,
      content:
        reached.length === 0
          ? 'No device broadcasts it now; the policy is removed.'
          : `${reached.length} ${reached.length === 1 ? 'device stops' : 'devices stop'} broadcasting “${policy.ssid}” and its clients are disconnected.`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        const outcome = await editor.save(candidate);
        if (outcome.ok || outcome.kind === 'conflict') return;
        if (outcome.kind === 'issues')
          refused(
            policy.name,
            outcome.issues.map((i) => i.message),
          );
        else if (outcome.code === ERR.POLICY_IN_USE) refused(policy.name, [errorMessage(ERR.POLICY_IN_USE)]);
      },
    });
  };
}

/** The status switch of a row: saves the document with the policy on or off. */
export function useTogglePolicy(editor: WirelessEditor) {
  const { message } = App.useApp();
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const toggle = async (policy: WirelessPolicy, enabled: boolean) => {
    const index = editor.settings.policies.indexOf(policy);
    const candidate = putPolicy(editor.settings, index, { ...policy, enabled });
    const issues = newIssues(editor, candidate);
    if (issues.length > 0) {
      message.error(issues[0]?.message);
      return;
    }
    setBusyKey(policy.key);
    const outcome = await editor.save(candidate);
    setBusyKey(null);
    if (!outcome.ok && outcome.kind === 'issues') message.error(outcome.issues[0]?.message ?? 'Not saved.');
  };
  return { toggle, busyKey };
}
