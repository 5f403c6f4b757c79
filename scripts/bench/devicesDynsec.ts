// The external-mode bench's broker set-up (devicesExternal.mjs), run with tsx before Mosquitto
// starts: adds a broker client and role for each planned device to a dynamic-security file made by
// `mosquitto_ctrl dynsec init`, exactly as the console provisions them (DynsecAdmin: username =
// client id = SN, password = derived secret, roles `netloom-device` and `netloom-device-{sn}`; the
// `netloom-device` role described with the provisioning key's tag), and the console's own role on
// the admin user, so the console's start finds everything current and changes nothing.
// Through the plugin itself this takes hours at 18,000 devices: Mosquitto 2.0 rewrites its whole
// file after every changing command. Passwords are hashed as the plugin does (PBKDF2-SHA512, 101
// iterations, 12-byte salt, 64-byte hash, base64). Usage: devicesDynsec.ts <dynsec json>
// <seed>:<devices> [<seed>:<devices> …]; prints {"clients": n}. The key is PROVISIONING_KEY or the
// development key, as for the server.
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { DEV_PROVISIONING_KEY, deriveDeviceSecret, MOSQUITTO_ACL_PATTERNS } from '@netloom/protocol';
import { planFleet } from '@netloom/sim';
import { DEVICE_ROLE, provisioningKeyTag, SERVER_ROLE } from '../../packages/server/src/gateway/dynsec';

const [file, ...fleets] = process.argv.slice(2);
if (!file || fleets.length === 0) throw new Error('usage: devicesDynsec.ts <dynsec json> <seed>:<n>…');
const key = process.env.PROVISIONING_KEY || DEV_PROVISIONING_KEY;

interface Acl {
  acltype: string;
  topic: string;
  priority: number;
  allow: boolean;
}
interface DynsecFile {
  clients: ({ username: string; roles?: object[] } & Record<string, unknown>)[];
  roles: { rolename: string; textdescription?: string; acls: Acl[] }[];
}
const config = JSON.parse(readFileSync(file, 'utf8')) as DynsecFile;
const acl = (acltype: string, topic: string): Acl => ({ acltype, topic, priority: 0, allow: true });

// The console's own role, held by the admin user it signs in as (what its first start on a broker does).
config.roles.push({
  rolename: SERVER_ROLE,
  acls: [
    acl('publishClientSend', 'netloom/#'),
    acl('publishClientReceive', 'netloom/#'),
    acl('subscribePattern', 'netloom/#'),
  ],
});
const admin = config.clients.find((c) => c.username === 'admin');
if (!admin) throw new Error('no admin client in the dynamic-security file');
admin.roles = [...(admin.roles as object[]), { rolename: SERVER_ROLE }];
config.roles.push({
  rolename: DEVICE_ROLE,
  // The key the fleet was provisioned with, as the console records it: its start then changes nothing.
  textdescription: provisioningKeyTag(key),
  acls: MOSQUITTO_ACL_PATTERNS.map((line) => {
    const [, kind, topic = ''] = line.split(' ');
    return acl(kind === 'write' ? 'publishClientSend' : 'subscribePattern', topic);
  }),
});
let clients = 0;
for (const spec of fleets) {
  const [seed, n] = spec.split(':').map(Number);
  for (const { sn } of planFleet({ seed, devices: n, mix: 'default' }).devices) {
    const secret = deriveDeviceSecret(key, sn);
    const salt = randomBytes(12);
    config.roles.push({
      rolename: `${DEVICE_ROLE}-${sn}`,
      acls: [
        acl('publishClientSend', `netloom/v1/${sn}/up/#`),
        acl('subscribePattern', `netloom/v1/${sn}/down/#`),
        acl('publishClientReceive', `netloom/v1/${sn}/down/#`),
      ],
    });
    config.clients.push({
      username: sn,
      clientid: sn,
      roles: [{ rolename: DEVICE_ROLE }, { rolename: `${DEVICE_ROLE}-${sn}` }],
      password: pbkdf2Sync(secret, salt, 101, 64, 'sha512').toString('base64'),
      salt: salt.toString('base64'),
      iterations: 101,
    });
    clients++;
  }
}
writeFileSync(file, JSON.stringify(config));
console.log(JSON.stringify({ clients }));
