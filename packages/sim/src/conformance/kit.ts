/**
 * The conformance kit (docs/protocol.md "Conformance kit"): plays the cloud against one device under
 * test and checks it clause by clause — CONNECT and will, the connection sequence, every message it
 * publishes (schema, QoS, retain, topic), a configuration applied, refused, redelivered and stale,
 * and each safe command it advertises with its stages and reply. Every wait is bounded by
 * `timeoutMs`, the whole run by `totalMs`. Uses only `@netloom/protocol`'s public API.
 */
import {
  COMMAND_RESULTS,
  COMMAND_STAGES,
  type CommandName,
  capabilityOfCommand,
  type DecodedUp,
  decodeUp,
  deviceMayPublish,
  deviceMaySubscribe,
  isFullState,
  KEEPALIVE_SECONDS,
  MESSAGE_DELIVERY,
  parseTopic,
  UP_MESSAGES,
  type UpMessage,
  upTopic,
} from '@netloom/protocol';
import type { Observer, SeenPublish } from './observe';

export type CheckStatus = 'pass' | 'fail' | 'skip';
export interface Check {
  /** The clause of docs/protocol.md it proves, e.g. `§7.1 rule 3`. */
  clause: string;
  title: string;
  status: CheckStatus;
  detail?: string;
}
export interface ConformanceReport {
  sn: string;
  checks: Check[];
  ok: boolean;
}
export interface ConformanceOptions {
  sn: string;
  /** Longest wait for any one answer (default 10 s). */
  timeoutMs?: number;
  /** Longest whole run (default 120 s). */
  totalMs?: number;
  /** Also send `reboot` (when advertised) and expect the device back with a new `bootId`. */
  reboot?: boolean;
  /** Progress lines while the run goes. */
  log?: (line: string) => void;
}

/** Section of docs/protocol.md of each up message. */
const SECTION: Record<UpMessage, string> = {
  hello: '§6.1',
  state: '§6.2',
  telemetry: '§6.3',
  clients: '§6.4',
  events: '§6.5',
  reply: '§6.6',
  progress: '§6.7',
  configResult: '§6.8',
};
/** Commands the kit runs when advertised: harmless on a device in service. */
const SAFE_COMMANDS: { name: CommandName; args: object }[] = [
  { name: 'locate', args: { minutes: 1 } },
  // A locally administered MAC that no client has: answered ok (§7.2 kickClient).
  { name: 'kickClient', args: { mac: '02:00:5E:00:53:01' } },
  { name: 'routeTable', args: {} },
  { name: 'scan', args: { durationMs: 100 } },
];
/** A document every kind of device runs (§7.1 `time` goes to every device). */
const VALID_DOCUMENT = { time: { zone: 'UTC', posix: 'UTC0' } };
/** A document no device can run: a zone it does not know and a POSIX string it cannot parse (§7.1 `time`: 400). */
const REFUSED_DOCUMENT = { time: { zone: 'Conformance/Nowhere', posix: '?' } };
/** A command name no device has: answered 913 (§7.2). */
const UNKNOWN_COMMAND = 'conformanceProbe';

class Timeout extends Error {}

export async function runConformance(observer: Observer, o: ConformanceOptions): Promise<ConformanceReport> {
  const { sn } = o;
  const timeoutMs = o.timeoutMs ?? 10_000;
  const deadline = Date.now() + (o.totalMs ?? 120_000);
  const log = o.log ?? (() => {});
  const checks: Check[] = [];
  const check = (clause: string, title: string, ok: boolean | null, detail?: string) => {
    const c: Check = { clause, title, status: ok === null ? 'skip' : ok ? 'pass' : 'fail' };
    if (detail) c.detail = detail;
    checks.push(c);
  };

  /** The device's own publications, decoded, in arrival order. */
  const mine = () => observer.publishes.filter((p) => p.from === sn || parseTopic(p.topic)?.sn === sn);
  const decoded = (p: SeenPublish) => decodeUp(p.topic, p.payload);
  const ok = <M extends UpMessage>(m: M, since = 0) =>
    mine()
      .filter((p) => p.at >= since && p.topic === upTopic(sn, m))
      .map(decoded)
      .filter((d): d is Extract<DecodedUp, { message: M }> => d.ok && d.message === m);

  /** Resolves with `pred()` once it is not undefined; throws Timeout after the wait's bound. */
  function waitFor<T>(what: string, pred: () => T | undefined, ms = timeoutMs): Promise<T> {
    const limit = Math.max(0, Math.min(ms, deadline - Date.now()));
    return new Promise((resolve, reject) => {
      let off = () => {};
      const timer = setTimeout(() => {
        off();
        reject(new Timeout(`no ${what} within ${limit} ms`));
      }, limit);
      const test = () => {
        const v = pred();
        if (v === undefined) return;
        clearTimeout(timer);
        off();
        resolve(v);
      };
      off = observer.onChange(test);
      test();
    });
  }
  const attempt = async <T>(what: string, pred: () => T | undefined, ms?: number) => {
    try {
      return await waitFor(what, pred, ms);
    } catch (e) {
      if (e instanceof Timeout) return e;
      throw e;
    }
  };

  let commandSeq = 0;
  const command = async (name: string, args: object, expiresAt = Date.now() + 5 * 60_000) => {
    const id = `conf_${Date.now().toString(36)}_${++commandSeq}`;
    await observer.send(sn, 'command', { id, name, args, expiresAt });
    return id;
  };
  const replyOf = (id: string) => ok('reply').find((r) => r.data.id === id);

  // ── Connection (§1, §2, §4 steps 1–2) ──────────────────────────────────────────────────────────
  log(`Waiting for ${sn} on ${observer.url} …`);
  const hello = await attempt('hello', () => ok('hello')[0], Math.max(timeoutMs, 30_000));
  if (hello instanceof Timeout) {
    check('§4 step 3', '`hello` after connecting', false, hello.message);
    return finish();
  }
  const helloAt = mine().find((p) => p.topic === upTopic(sn, 'hello'))?.at ?? 0;
  if (observer.full) {
    const c = [...observer.connects].reverse().find((x) => x.clientId === sn || x.username === sn);
    check(
      '§1',
      'CONNECT: client id = user name = SN, clean session',
      c ? c.clientId === sn && c.username === sn && c.clean : false,
      c ? undefined : 'no CONNECT seen',
    );
    check(
      '§1',
      `CONNECT: keep alive ${KEEPALIVE_SECONDS} s`,
      c ? c.keepalive === KEEPALIVE_SECONDS : false,
      c ? `keep alive ${c.keepalive}` : undefined,
    );
    if (c?.secretOk !== null && c) check('§2', 'password is the SN’s derived secret', c.secretOk);
    const will = c?.will;
    const willState = will ? decodeUp(will.topic, will.payload) : null;
    check(
      '§8',
      'last will: offline `state` (status 0) on its own state topic, QoS 1, retained',
      !!will &&
        will.topic === upTopic(sn, 'state') &&
        will.qos === 1 &&
        will.retain &&
        !!willState?.ok &&
        willState.message === 'state' &&
        willState.data.status === 0,
      will ? undefined : 'no will',
    );
    const sub = observer.subscribes.find((s) => s.from === sn && s.at <= helloAt);
    check(
      '§4 step 2',
      'SUBSCRIBE to its own down topics at QoS 1 before `hello`',
      !!sub && deviceMaySubscribe(sn, sub.topic) && sub.qos === 1,
      sub ? `${sub.topic} QoS ${sub.qos}` : 'no subscription before hello',
    );
  }
  const firstUp = mine().find((p) => p.topic.includes('/up/'));
  check('§6.1', '`hello` is the first message after connecting', firstUp?.topic === upTopic(sn, 'hello'));

  // ── The §4 sequence: state, telemetry ───────────────────────────────────────────────────────────
  const state = await attempt('full `state`', () => ok('state', helloAt).find((s) => isFullState(s.data)));
  check(
    '§4 step 4',
    'full `state` after `hello`',
    !(state instanceof Timeout),
    state instanceof Timeout ? state.message : undefined,
  );
  const telemetry = await attempt('`telemetry`', () => ok('telemetry', helloAt)[0]);
  check(
    '§4 step 5',
    '`telemetry` after `state`',
    !(telemetry instanceof Timeout),
    telemetry instanceof Timeout ? telemetry.message : undefined,
  );
  const applied = hello.data.configVersion;
  check(
    '§6.1',
    '`hello` and `state` agree on `configVersion`',
    state instanceof Timeout ? null : applied === (isFullState(state.data) ? state.data.configVersion : -1),
  );

  log('Configuration: a valid, a refused, a stale and a redelivered version …');
  // ── Configuration (§7.1) ────────────────────────────────────────────────────────────────────────
  const result = (version: number, since: number) =>
    ok('configResult', since).find((r) => r.data.version === version);
  const good = applied + 10;
  const sentGood = Date.now();
  await observer.send(sn, 'config', { version: good, document: VALID_DOCUMENT });
  const r1 = await attempt('`configResult` of the valid version', () => result(good, sentGood));
  const appliedOk = !(r1 instanceof Timeout) && r1.data.ok;
  check(
    '§7.1 rule 3',
    `a valid document (version ${good}) answered with \`configResult\` ok`,
    r1 instanceof Timeout ? false : r1.data.ok,
    r1 instanceof Timeout ? r1.message : r1.data.ok ? undefined : `refused with code ${r1.data.code}`,
  );
  if (appliedOk) {
    const s = await attempt('`state` with the new `configVersion`', () =>
      ok('state', sentGood).find((x) => isFullState(x.data) && x.data.configVersion === good),
    );
    check(
      '§7.1 rule 3',
      'a `state` with the new `configVersion` at once',
      !(s instanceof Timeout),
      s instanceof Timeout ? s.message : undefined,
    );
  }
  const bad = good + 5;
  const sentBad = Date.now();
  await observer.send(sn, 'config', { version: bad, document: REFUSED_DOCUMENT });
  const r2 = await attempt('`configResult` of the refused version', () => result(bad, sentBad));
  check(
    '§7.1 rule 3',
    'a document it cannot run refused whole: `configResult` ok false with a code',
    r2 instanceof Timeout ? false : !r2.data.ok && typeof r2.data.code === 'number',
    r2 instanceof Timeout ? r2.message : r2.data.ok ? 'answered ok' : `code ${r2.data.code}`,
  );
  if (appliedOk) {
    // Stale copy, then a duplicate of the applied version as the control: by the time the duplicate
    // is answered (QoS 1 keeps the order), the stale one has been handled.
    const stale = good - 1;
    const sentStale = Date.now();
    await observer.send(sn, 'config', { version: stale, document: VALID_DOCUMENT });
    await observer.send(sn, 'config', { version: good, document: VALID_DOCUMENT });
    const dup = await attempt('`configResult` of the redelivered version', () => result(good, sentStale));
    check(
      '§7.1 rule 2',
      'the applied version delivered again: the same `configResult` again',
      dup instanceof Timeout ? false : dup.data.ok,
      dup instanceof Timeout ? dup.message : undefined,
    );
    const back =
      result(stale, sentStale) ??
      ok('state', sentStale).find((x) => isFullState(x.data) && x.data.configVersion < good) ??
      ok('hello', sentStale).find((x) => x.data.configVersion < good);
    check(
      '§7.1 rule 1',
      `a lower version (${stale}) ignored: no answer, no going back`,
      dup instanceof Timeout ? null : back === undefined,
      back ? `${back.message} for/with version ${stale}` : undefined,
    );
  } else check('§7.1 rule 1', 'a lower version ignored', null, 'no version applied to go back from');

  log('Commands …');
  // ── Commands (§7.2) ─────────────────────────────────────────────────────────────────────────────
  const caps = new Set(hello.data.capabilities);
  for (const { name, args } of SAFE_COMMANDS) {
    if (!caps.has(capabilityOfCommand(name))) continue;
    const id = await command(name, args);
    const reply = await attempt(`reply to ${name}`, () => replyOf(id));
    if (reply instanceof Timeout) {
      check('§6.6', `\`${name}\`: exactly one reply`, false, reply.message);
      continue;
    }
    const okReply = reply.data.ok;
    const resultSchema = COMMAND_RESULTS[name];
    const parsed = okReply && resultSchema ? resultSchema.safeParse(reply.data.result) : null;
    check(
      `§7.2 ${name}`,
      `\`${name}\` carried out, its \`result\` as its table says`,
      okReply && (parsed === null || parsed.success),
      okReply
        ? parsed && !parsed.success
          ? parsed.error.issues[0]?.message
          : undefined
        : `code ${reply.data.code}`,
    );
    const stages = ok('progress')
      .filter((p) => p.data.id === id)
      .map((p) => p.data.stage);
    const allowed = COMMAND_STAGES[name] ?? [];
    const order = stages.map((s) => allowed.indexOf(s));
    check(
      '§6.7',
      `\`${name}\`: progress stages its table lists, in order, before the reply`,
      order.every((i, k) => i >= 0 && (k === 0 || i >= (order[k - 1] ?? 0))),
      stages.length ? stages.join(' → ') : undefined,
    );
  }
  const probe = await command(UNKNOWN_COMMAND, {});
  const expired = await command('locate', { minutes: 1 }, 1);
  const control = await command(UNKNOWN_COMMAND, {});
  const probeReply = await attempt('reply to an unknown command', () => replyOf(probe));
  check(
    '§7.2',
    'a command it does not support answered 913',
    probeReply instanceof Timeout ? false : !probeReply.data.ok && probeReply.data.code === 913,
    probeReply instanceof Timeout
      ? probeReply.message
      : `ok ${probeReply.data.ok}, code ${probeReply.data.code}`,
  );
  const controlReply = await attempt('reply to the control command', () => replyOf(control));
  check(
    '§7.2',
    'an expired command (`expiresAt` past) not started',
    controlReply instanceof Timeout ? null : !replyOf(expired),
    replyOf(expired) ? 'it was answered' : undefined,
  );

  if (o.reboot && caps.has('reboot')) {
    const since = Date.now();
    const id = await command('reboot', {});
    const r = await attempt('reply to reboot', () => replyOf(id));
    check('§7.2 reboot', 'reboot answered ok', r instanceof Timeout ? false : r.data.ok);
    const again = await attempt(
      '`hello` after the reboot',
      () => ok('hello', since).find((h) => h.data.bootId !== hello.data.bootId),
      Math.max(timeoutMs, 120_000),
    );
    // The publications between the reply and the new `hello`: the goodbye `state` is among them.
    const backAt =
      mine().find((p) => {
        const d = p.at >= since && p.topic === upTopic(sn, 'hello') ? decoded(p) : null;
        return d?.ok && d.message === 'hello' && d.data.bootId !== hello.data.bootId;
      })?.at ?? Number.POSITIVE_INFINITY;
    const goodbye = mine()
      .filter((p) => p.at >= since && p.at <= backAt && p.topic === upTopic(sn, 'state'))
      .map(decoded)
      .find((d) => d.ok && d.message === 'state' && (d.data.status === 8 || d.data.status === 0));
    check(
      '§4 step 7',
      'going down: a `state` with status 8 (or the offline form) before it leaves',
      again instanceof Timeout ? null : goodbye !== undefined,
      goodbye?.ok && goodbye.message === 'state' ? `status ${goodbye.data.status}` : undefined,
    );
    check(
      '§6.1',
      'back after the reboot with a new `bootId`',
      !(again instanceof Timeout),
      again instanceof Timeout ? again.message : undefined,
    );
  }

  // Leave the device as the cloud would after deleting it: no retained configuration.
  await observer.send(sn, 'config', null);
  return finish();

  function finish(): ConformanceReport {
    // Every message: schema (§5/§6.x), QoS and retain (§8), topics (§3).
    const all = mine();
    for (const m of UP_MESSAGES) {
      const of = all.filter((p) => p.topic === upTopic(sn, m));
      if (!of.length) {
        if (m === 'hello' || m === 'state') check(SECTION[m], `\`${m}\` published`, false);
        continue;
      }
      const refused = of.map(decoded).find((d) => !d.ok);
      check(
        SECTION[m],
        `every \`${m}\` valid against its schema (${of.length} seen)`,
        !refused,
        refused && !refused.ok ? refused.reason : undefined,
      );
      const want = MESSAGE_DELIVERY[m];
      const wrong = of.find((p) => p.qos !== want.qos || p.retain !== want.retain);
      check(
        '§8',
        `\`${m}\` published at QoS ${want.qos}, ${want.retain ? 'retained' : 'not retained'}`,
        observer.full || !want.retain ? !wrong : !of.some((p) => p.qos !== want.qos),
        wrong ? `QoS ${wrong.qos}, retain ${wrong.retain}` : undefined,
      );
    }
    const unknown = all.find((p) => {
      const t = parseTopic(p.topic);
      return t?.direction === 'up' && !(UP_MESSAGES as readonly string[]).includes(t.message);
    });
    check('§11', 'no message names the protocol does not know', !unknown, unknown?.topic);
    if (observer.full) {
      const foreign = observer.publishes.find((p) => p.from === sn && !deviceMayPublish(sn, p.topic));
      check(
        '§3',
        'publishes only to its own `up` topics',
        !foreign,
        foreign ? `published to ${foreign.topic}` : undefined,
      );
      const badSub = observer.subscribes.find((s) => s.from === sn && !deviceMaySubscribe(sn, s.topic));
      check('§3', 'subscribes only to its own `down` topics', !badSub, badSub?.topic);
    } else
      check('§3', 'publishes only to its own `up` topics', null, 'visible with the kit’s own broker only');
    return { sn, checks, ok: checks.every((c) => c.status !== 'fail') };
  }
}

/** One line per check, then the total. */
export function formatReport(r: ConformanceReport): string {
  const lines = r.checks.map(
    (c) =>
      `${c.status.toUpperCase().padEnd(4)} ${c.clause.padEnd(16)} ${c.title}${c.detail ? ` — ${c.detail}` : ''}`,
  );
  const count = (s: CheckStatus) => r.checks.filter((c) => c.status === s).length;
  lines.push(
    `${r.sn}: ${count('pass')} passed, ${count('fail')} failed, ${count('skip')} skipped — ${r.ok ? 'CONFORMS' : 'DOES NOT CONFORM'}`,
  );
  return lines.join('\n');
}
