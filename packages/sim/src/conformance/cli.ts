/**
 * `npm run conformance -- --sn <SN> [--broker mqtt://host:port] [--key <provisioning key>] …`:
 * the conformance kit against one device under test (docs/protocol.md "Conformance kit"). Without
 * `--broker` the kit starts its own broker (`--listen`, default port 1883) for the device to connect
 * to; with it, it joins that broker as the cloud would (`--username`/`--password`). Prints pass/fail
 * per clause of the protocol and exits 1 on any failure (2 on a usage error).
 */
import { parseArgs } from 'node:util';
import { DEV_PROVISIONING_KEY, isSerial } from '@netloom/protocol';
import { formatReport, runConformance } from './kit';
import { embeddedObserver, externalObserver, type Observer } from './observe';

const USAGE = `usage: npm run conformance -- --sn <SN> [options]
  --broker <url>      join this broker (mqtt://host:port) instead of starting one
  --username <name>   user name of the cloud's account on that broker
  --password <secret> its password
  --listen <port>     port of the kit's own broker (default 1883; 0 = any free port)
  --host <address>    address it listens on (default 0.0.0.0)
  --key <key>         provisioning key: check the device's password (default: the development key)
  --no-key            accept any password
  --timeout <ms>      longest wait for one answer (default 10000)
  --total <ms>        longest whole run (default 120000)
  --reboot            also send reboot (when advertised) and expect the device back`;

async function main(): Promise<number> {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse().values;
  } catch (e) {
    console.error(`${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
    return 2;
  }
  const sn = values.sn;
  if (values.help || !sn || !isSerial(sn)) {
    console.error(sn && !isSerial(sn) ? `Not a serial number: ${sn}\n${USAGE}` : USAGE);
    return values.help ? 0 : 2;
  }
  const timeoutMs = Number(values.timeout ?? 10_000);
  const totalMs = Number(values.total ?? 120_000);
  let observer: Observer;
  if (values.broker) {
    observer = await externalObserver({
      url: values.broker,
      sn,
      username: values.username,
      password: values.password,
      timeoutMs,
    });
    console.log(
      `Joined ${values.broker}; QoS/retain seen as published (MQTT 5), CONNECT and foreign topics not visible.`,
    );
  } else {
    observer = await embeddedObserver({
      port: Number(values.listen ?? 1883),
      host: values.host ?? '0.0.0.0',
      key: values['no-key'] ? undefined : (values.key ?? DEV_PROVISIONING_KEY),
    });
    console.log(
      `Conformance broker listening on ${observer.url.replace('127.0.0.1', values.host ?? '0.0.0.0')}: point ${sn} at it.`,
    );
  }
  try {
    const report = await runConformance(observer, {
      sn,
      timeoutMs,
      totalMs,
      reboot: values.reboot ?? false,
      log: (line) => console.log(line),
    });
    console.log(formatReport(report));
    return report.ok ? 0 : 1;
  } finally {
    await observer.close();
  }
}

function parse() {
  return parseArgs({
    options: {
      sn: { type: 'string' },
      broker: { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      listen: { type: 'string' },
      host: { type: 'string' },
      key: { type: 'string' },
      'no-key': { type: 'boolean' },
      timeout: { type: 'string' },
      total: { type: 'string' },
      reboot: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
}

process.exitCode = await main();
