/**
 * "Block client" from anywhere a client is shown (the client list's row menu): the §8 156 rule
 * before asking (a full blacklist says so at once), then a confirmation saying what happens, then
 * the block — a new blacklist version delivered to every Wi-Fi device, which disconnects the client.
 */
import {
  BLACKLIST_NAME_MAX_LENGTH,
  blacklistFull,
  blacklistNameIssue,
  ERR,
  errorMessage,
} from '@netloom/domain';
import { App } from 'antd';
import { plural } from '../../components/format';
import { useBlacklist, useBlockClient } from './api';

export interface BlockTarget {
  mac: string;
  /** The name to keep with the entry (the client's alias or host name), '' when it has none. */
  name: string;
}

export function useBlockClientAction(projectId: number) {
  const { modal, message } = App.useApp();
  const list = useBlacklist(projectId);
  const block = useBlockClient(projectId);
  const blocked = new Set((list.data?.settings.entries ?? []).map((e) => e.mac.toUpperCase()));

  function confirmBlock(c: BlockTarget) {
    if (list.data && blacklistFull(list.data.settings)) {
      message.error(errorMessage(ERR.BLACKLIST_LIMIT));
      return;
    }
    const who = c.name || c.mac;
    modal.confirm({
      title: `Block “${who}”?`,
      content: `${who} is disconnected from every access point of this project now and cannot join its Wi-Fi networks until you unblock it.`,
      okText: 'Block client',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          const res = await block.mutateAsync({ mac: c.mac, name: entryName(c.name) });
          message.success(`${who} blocked — delivering to ${plural(res.delivery.targets, 'device')}.`);
        } catch (err) {
          message.error(err instanceof Error ? err.message : 'The client could not be blocked.');
        }
      },
    });
  }

  return { confirmBlock, isBlocked: (mac: string) => blocked.has(mac.toUpperCase()) };
}

/** The client's name as the entry keeps it: cut to the name's length, or none when it breaks a rule. */
function entryName(name: string): string {
  const cut = [...name].slice(0, BLACKLIST_NAME_MAX_LENGTH).join('').trim();
  return blacklistNameIssue(cut) ? '' : cut;
}
