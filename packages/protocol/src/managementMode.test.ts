import { MANAGEMENT_MODES } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { argsSchemaOf } from './commandTable';
import { capabilityOfCommand, commandSchema, isCommandName } from './messages';

/** Issue 15: the `setManagementMode` command (docs/protocol.md §7.2 "Management mode"). */
describe('setManagementMode', () => {
  const args = argsSchemaOf('setManagementMode');

  it('is a command of this protocol version, with its own capability', () => {
    expect(isCommandName('setManagementMode')).toBe(true);
    expect(capabilityOfCommand('setManagementMode')).toBe('setManagementMode');
  });

  it('takes mode 1 (cloud) or 2 (local), nothing else', () => {
    expect(args.safeParse({ mode: MANAGEMENT_MODES.CLOUD }).success).toBe(true);
    expect(args.safeParse({ mode: MANAGEMENT_MODES.LOCAL }).success).toBe(true);
    for (const bad of [{}, { mode: 0 }, { mode: 3 }, { mode: '2' }, { mode: 1.5 }, { mode: null }])
      expect(args.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('travels as an ordinary command message', () => {
    const msg = commandSchema.parse({
      v: 1,
      ts: 1767225600000,
      id: 'cmd_mm1',
      name: 'setManagementMode',
      args: { mode: 2 },
      expiresAt: 1767225660000,
    });
    expect(args.parse(msg.args)).toEqual({ mode: 2 });
  });
});
