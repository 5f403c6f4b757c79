import {
  allowedCiphers,
  bandSelectionIssue,
  type CpeSearchResult,
  ERR,
  errorMessage,
  keyUpdateIntervalIssue,
  MAX_WIRELESS_POLICIES,
  RESERVED_POLICY_NAMES,
  type RfConfigView,
  rateLimitIssue,
  rfSettingsIssues,
  SECURITY_MODE_LABELS,
  shutdownScheduleIssue,
  ssidIssue,
  type WirelessPolicy,
  wifiPasswordIssue,
  wirelessPolicyNameIssue,
} from '@netloom/domain';
import type { Page } from '@playwright/test';
import { newSignedInAccount } from '../support/accounts';
import { apiGet, createProject } from '../support/api';
import { openProject } from '../support/devices';
import { fillField, pageTitle } from '../support/pages';
import { openSelect, selectOptions } from '../support/select';
import { expect, test } from '../support/sim';
import {
  apiPostRaw,
  apiPutRaw,
  cancelPolicy,
  choosePolicyOption,
  deviceIdOf,
  domainIssue,
  drawerMessage,
  openNewPolicy,
  pickPolicyDevices,
  policyDrawer,
  policyField,
  putPolicies,
  ruleContext,
  saveConfirmation,
  savePolicy,
  simulatedProject,
  validPolicy,
  wirelessView,
} from '../support/wireless';

/**
 * Issue 5 acceptance, "every §5 wireless rule shows its message in the form and its code from the
 * API": table-driven. Each case puts one bad value into the policy drawer (on top of a valid
 * policy), expects the domain's exact message before anything is sent, then sends the same bad
 * policy to the API and expects the catalogue code. Messages come from `@netloom/domain`: the rule
 * functions where a rule has one, else the issue `wirelessSettingsIssues` gives at that path.
 */

interface FieldCase {
  rule: string;
  /** Puts the bad value into the open drawer (a valid name, SSID and password are already in). */
  fill(page: Page): Promise<void>;
  /** The same bad value in a policy body. */
  bad: Partial<WirelessPolicy>;
  /** The exact message the form shows. */
  message: string;
  /** The code the API answers. */
  code: number;
}

const fill = (label: string, value: string) => (page: Page) => policyField(page, label).fill(value);
const at0 = (bad: Partial<WirelessPolicy>, rest: string) =>
  domainIssue([validPolicy(bad)], `policies.0.${rest}`);

async function schedule(page: Page, text: string) {
  await policyField(page, 'Wi-Fi off during').fill(text);
}

async function enterprise(page: Page) {
  await choosePolicyOption(page, 'Security mode', SECURITY_MODE_LABELS.WPA2);
}

const RADIUS = { ip: '192.168.1.10', port: 1812, secret: 'radius-secret' };

const FIELD_CASES: FieldCase[] = [
  {
    rule: 'SSID is required',
    fill: fill('SSID', ''),
    bad: { ssid: '' },
    message: ssidIssue('') ?? '',
    code: ERR.INVALID_PARAMETERS,
  },
  {
    rule: 'SSID is printable ASCII',
    fill: fill('SSID', 'Café-Gäste'),
    bad: { ssid: 'Café-Gäste' },
    message: ssidIssue('Café-Gäste') ?? '',
    code: ERR.INVALID_PARAMETERS,
  },
  {
    rule: 'SSID has no outer spaces',
    fill: fill('SSID', ' Lobby'),
    bad: { ssid: ' Lobby' },
    message: ssidIssue(' Lobby') ?? '',
    code: ERR.INVALID_PARAMETERS,
  },
  {
    rule: 'policy names app_default_0–3 are reserved',
    fill: fill('Policy name', 'app_default_2'),
    bad: { name: 'app_default_2' },
    message: wirelessPolicyNameIssue('app_default_2') ?? '',
    code: ERR.POLICY_NAME_RESERVED,
  },
  {
    rule: 'password has 8–63 characters',
    fill: fill('Wi-Fi password', 'short'),
    bad: { password: 'short' },
    message: wifiPasswordIssue('short') ?? '',
    code: ERR.INVALID_PARAMETERS,
  },
  {
    rule: 'password is printable ASCII',
    fill: fill('Wi-Fi password', 'pässwort-123'),
    bad: { password: 'pässwort-123' },
    message: wifiPasswordIssue('pässwort-123') ?? '',
    code: ERR.INVALID_PARAMETERS,
  },
  {
    rule: 'a 64-character password is hexadecimal',
    fill: fill('Wi-Fi password', 'g'.repeat(64)),
    bad: { password: 'g'.repeat(64) },
    message: wifiPasswordIssue('g'.repeat(64)) ?? '',
    code: ERR.INVALID_PARAMETERS,
  },
  {
    rule: 'key update interval is 0 or 60–99999',
    fill: fill('Key update interval (seconds)', '59'),
    bad: { keyUpdateInterval: 59 },
    message: keyUpdateIntervalIssue(59) ?? '',
    code: ERR.INVALID_PARAMETERS,
  },
  {
    rule: 'at most 128 clients on 2.4 GHz (91)',
    fill: fill('Max clients (2.4 GHz)', '129'),
    bad: { maxClients: { '2.4G': 129, '5G': 64 } },
    message: at0({ maxClients: { '2.4G': 129, '5G': 64 } }, 'maxClients.2.4G').message,
    code: ERR.MAX_CLIENTS_PER_BAND,
  },
  {
    rule: 'at most 128 clients on 5 GHz (2004)',
    fill: fill('Max clients (5 GHz)', '200'),
    bad: { maxClients: { '2.4G': 64, '5G': 200 } },
    message: at0({ maxClients: { '2.4G': 64, '5G': 200 } }, 'maxClients.5G').message,
    code: ERR.MAX_CLIENTS_PER_BAND_ALT,
  },
  {
    rule: 'at least 1 client',
    fill: fill('Max clients (2.4 GHz)', '0'),
    bad: { maxClients: { '2.4G': 0, '5G': 64 } },
    message: at0({ maxClients: { '2.4G': 0, '5G': 64 } }, 'maxClients.2.4G').message,
    code: ERR.INVALID_PARAMETERS,
  },
  {
    rule: 'schedule: at most 4 periods',
    fill: (page) => schedule(page, '00:00-01:00\n02:00-03:00\n04:00-05:00\n06:00-07:00\n08:00-09:00'),
    bad: { schedule: '00:00-01:00\n02:00-03:00\n04:00-05:00\n06:00-07:00\n08:00-09:00' },
    message: shutdownScheduleIssue('00:00-01:00\n02:00-03:00\n04:00-05:00\n06:00-07:00\n08:00-09:00') ?? '',
    code: ERR.INVALID_PARAMETERS,
  },
  {
    rule: 'schedule: no empty line',
    fill: (page) => schedule(page, '00:00-01:00\n\n02:00-03:00'),
    bad: { schedule: '00:00-01:00\n\n02:00-03:00' },
    message: shutdownScheduleIssue('00:00-01:00\n\n02:00-03:00') ?? '',
    code: ERR.INVALID_PARAMETERS,
  },
  {
    rule: 'schedule: end after start',
    fill: (page) => schedule(page, 'Mon-Fri 06:00-05:00'),
    bad: { schedule: 'Mon-Fri 06:00-05:00' },
    message: shutdownScheduleIssue('Mon-Fri 06:00-05:00') ?? '',
    code: ERR.INVALID_PARAMETERS,
  },
  {
    rule: 'schedule: periods do not overlap',
    fill: (page) => schedule(page, '00:00-06:00\nMon 05:00-07:00'),
    bad: { schedule: '00:00-06:00\nMon 05:00-07:00' },
    message: shutdownScheduleIssue('00:00-06:00\nMon 05:00-07:00') ?? '',
    code: ERR.INVALID_PARAMETERS,
  },
  {
    rule: '6 GHz takes WPA3-SAE only (Wi-Fi 6E)',
    fill: (page) => policyDrawer(page).getByRole('checkbox', { name: '6 GHz' }).check(),
    bad: { bands: ['2.4G', '5G', '6G'], maxClients: { '2.4G': 64, '5G': 64, '6G': 64 } },
    message: at0({ bands: ['2.4G', '5G', '6G'], maxClients: { '2.4G': 64, '5G': 64, '6G': 64 } }, 'security')
      .message,
    code: ERR.SIX_GHZ_NEEDS_WPA3,
  },
  {
    rule: 'a rate limit needs a rate',
    fill: (page) => policyField(page, 'Rate limit per client').click(),
    bad: { rateLimit: { enabled: true, downKbps: null, upKbps: null } },
    message: rateLimitIssue(true, null) ?? '',
    code: ERR.INVALID_PARAMETERS,
  },
  {
    rule: 'enterprise: RADIUS server IP',
    fill: async (page) => {
      await enterprise(page);
      await policyField(page, 'RADIUS server IP').fill('300.1.1.1');
      await policyField(page, 'RADIUS password').fill(RADIUS.secret);
    },
    bad: { security: 'WPA2', password: '', radius: { ...RADIUS, ip: '300.1.1.1' } },
    message: at0({ security: 'WPA2', password: '', radius: { ...RADIUS, ip: '300.1.1.1' } }, 'radius.ip')
      .message,
    code: ERR.INVALID_PARAMETERS,
  },
  {
    rule: 'enterprise: RADIUS port',
    fill: async (page) => {
      await enterprise(page);
      await policyField(page, 'RADIUS server IP').fill(RADIUS.ip);
      await policyField(page, 'RADIUS port').fill('0');
      await policyField(page, 'RADIUS password').fill(RADIUS.secret);
    },
    bad: { security: 'WPA2', password: '', radius: { ...RADIUS, port: 0 } },
    message: at0({ security: 'WPA2', password: '', radius: { ...RADIUS, port: 0 } }, 'radius.port').message,
    code: ERR.INVALID_PARAMETERS,
  },
  {
    rule: 'enterprise: RADIUS password',
    fill: async (page) => {
      await enterprise(page);
      await policyField(page, 'RADIUS server IP').fill(RADIUS.ip);
    },
    bad: { security: 'WPA2', password: '', radius: { ...RADIUS, secret: '' } },
    message: at0({ security: 'WPA2', password: '', radius: { ...RADIUS, secret: '' } }, 'radius.secret')
      .message,
    code: ERR.INVALID_PARAMETERS,
  },
  {
    rule: '2.4 GHz and 5 GHz names differ (92)',
    fill: async (page) => {
      await policyDrawer(page).getByText('Separate 5 GHz name', { exact: true }).click();
      await policyField(page, 'SSID (5 GHz)').fill('Lobby-WiFi');
    },
    bad: { ssid5: 'Lobby-WiFi' },
    message: at0({ ssid5: 'Lobby-WiFi' }, 'ssid5').message,
    code: ERR.SSID_SAME_ON_BOTH_BANDS,
  },
  {
    rule: 'at least one band',
    fill: async (page) => {
      await policyDrawer(page).getByRole('checkbox', { name: '2.4 GHz', exact: true }).uncheck();
      await policyDrawer(page).getByRole('checkbox', { name: '5 GHz', exact: true }).uncheck();
    },
    bad: { bands: [] },
    message: bandSelectionIssue([]) ?? '',
    code: ERR.INVALID_PARAMETERS,
  },
  {
    rule: 'at least one device for a policy on specified devices',
    fill: (page) => policyDrawer(page).getByRole('radio', { name: 'Selected devices' }).check(),
    bad: { scope: 'devices', deviceIds: [] },
    message: at0({ scope: 'devices', deviceIds: [] }, 'deviceIds').message,
    code: ERR.INVALID_PARAMETERS,
  },
];

/**
 * Opens the wireless page and waits for its policies (the count above the table): the drawer
 * checks project-wide rules against them, so it must not open on a page still loading.
 */
async function wirelessPage(page: Page, policies = 0): Promise<void> {
  await page.goto('/manage/wirelessconf');
  await expect(pageTitle(page, 'Wireless')).toBeVisible();
  await expect(page.getByTestId('policy-table-count')).toHaveText(
    new RegExp(`^${policies} / ${MAX_WIRELESS_POLICIES} polic`),
  );
}

/** Account, an empty WLAN project as the current one, the wireless page. */
async function emptyProject(page: Page, mailbox: string, name: string): Promise<number> {
  await newSignedInAccount(page, mailbox, 'wrules');
  const projectId = await createProject(page, { name, netMode: 0, scenario: 'enterprise' });
  await openProject(page, name);
  await wirelessPage(page);
  return projectId;
}

/** One bad value per case: the drawer's message before submit, then the API's code. */
async function checkFieldCases(page: Page, projectId: number, cases: readonly FieldCase[], snap: Snap) {
  for (const c of cases) {
    await test.step(c.rule, async () => {
      expect(c.message, 'the domain has a message for this rule').not.toBe('');
      await openNewPolicy(page);
      await c.fill(page);
      await page.getByTestId('policy-save').click();
      await expect(drawerMessage(page, c.message).first()).toBeVisible();
      if (c.rule.startsWith('schedule: periods')) await snap(page, 'wireless-rule-schedule');
      await cancelPolicy(page);
      const answer = await putPolicies(page, projectId, [validPolicy(c.bad)]);
      expect(answer.code, c.rule).toBe(c.code);
    });
  }
  // The form sent nothing: the project still has no wireless settings.
  expect((await wirelessView(page, projectId)).version).toBe(0);
}
type Snap = (page: Page, name: string) => Promise<void>;

// A few tests of about eight cases each keep every test well under a minute.
const CHUNK = 8;
for (let from = 0; from < FIELD_CASES.length; from += CHUNK) {
  const cases = FIELD_CASES.slice(from, from + CHUNK);
  test(`per-field wireless rules ${from + 1}–${from + cases.length}: message in the form, code from the API`, async ({
    page,
    mailbox,
    snap,
  }) => {
    const projectId = await emptyProject(page, mailbox, `Rules Hall ${from + 1}`);
    await checkFieldCases(page, projectId, cases, snap);
  });
}

test('reserved names and ciphers per security mode; the valid base policy is accepted', async ({
  page,
  mailbox,
}) => {
  const projectId = await emptyProject(page, mailbox, 'Rules Hall');

  await test.step('an SSID has at most 32 bytes: the field stops there, the API refuses 33', async () => {
    await openNewPolicy(page, { ssid: 'x'.repeat(33) });
    await expect(policyField(page, 'SSID')).toHaveValue('x'.repeat(32));
    await cancelPolicy(page);
    expect((await putPolicies(page, projectId, [validPolicy({ ssid: 'x'.repeat(33) })])).code).toBe(
      ERR.INVALID_PARAMETERS,
    );
  });

  await test.step('every reserved name is refused with 72', async () => {
    for (const name of RESERVED_POLICY_NAMES) {
      expect((await putPolicies(page, projectId, [validPolicy({ name })])).code).toBe(
        ERR.POLICY_NAME_RESERVED,
      );
    }
  });

  await test.step('ciphers follow the security mode: the form offers only the allowed ones', async () => {
    await openNewPolicy(page);
    for (const mode of ['WPA-PSK', 'WPA2-PSK'] as const) {
      await choosePolicyOption(page, 'Security mode', SECURITY_MODE_LABELS[mode]);
      const ciphers = await openSelect(page, policyField(page, 'Cipher'));
      await expect(selectOptions(ciphers)).toHaveText([...allowedCiphers(mode)]);
      await page.keyboard.press('Escape');
      await expect(ciphers).toBeHidden();
    }
    await choosePolicyOption(page, 'Security mode', SECURITY_MODE_LABELS.none);
    await expect(policyField(page, 'Cipher')).toHaveCount(0);
    await cancelPolicy(page);
    const refused: Partial<WirelessPolicy>[] = [
      { security: 'WPA-PSK', cipher: 'TKIP+AES' },
      { security: 'none', cipher: 'AES', password: '' },
      { security: 'WPA2-PSK', cipher: null },
    ];
    for (const bad of refused) {
      expect((await putPolicies(page, projectId, [validPolicy(bad)])).code, JSON.stringify(bad)).toBe(
        ERR.INVALID_PARAMETERS,
      );
    }
  });

  await test.step('nothing was saved; the valid policy the cases started from is accepted', async () => {
    expect((await wirelessView(page, projectId)).version).toBe(0);
    await openNewPolicy(page);
    await savePolicy(page);
    await expect(policyDrawer(page)).toBeHidden({ timeout: 15_000 });
    expect((await wirelessView(page, projectId)).settings.policies.map((p) => p.ssid)).toEqual([
      'Lobby-WiFi',
    ]);
  });
});

/** A new policy refused in the form and by the API, after the saved ones; `path` is relative to it. */
function newPolicyRefusal(page: Page, projectId: number) {
  return async (o: {
    rule: string;
    form: { name?: string; ssid?: string };
    extra?: (page: Page) => Promise<void>;
    bad: Partial<WirelessPolicy>;
    path: string;
    code: number;
  }) => {
    await test.step(o.rule, async () => {
      const view = await wirelessView(page, projectId);
      const saved = view.settings.policies;
      const candidate = [...saved, validPolicy(o.bad)];
      const issue = domainIssue(candidate, `policies.${saved.length}.${o.path}`, ruleContext(view));
      expect(issue.code).toBe(o.code);
      await openNewPolicy(page, o.form);
      await o.extra?.(page);
      await page.getByTestId('policy-save').click();
      await expect(drawerMessage(page, issue.message).first()).toBeVisible();
      await cancelPolicy(page);
      expect((await putPolicies(page, projectId, candidate)).code).toBe(o.code);
    });
  };
}

test('project-wide wireless rules: unique names and SSIDs, one guest network', async ({ page, mailbox }) => {
  const projectId = await emptyProject(page, mailbox, 'Rules Court');
  const staff = validPolicy({ name: 'Staff', ssid: 'Staff-WiFi' });
  const guest = validPolicy({ name: 'Visitors', ssid: 'Visitors-WiFi', guest: true });
  expect((await putPolicies(page, projectId, [staff, guest])).code).toBe(0);
  await wirelessPage(page, 2);
  const refusedNew = newPolicyRefusal(page, projectId);

  await refusedNew({
    rule: 'policy names are unique (24)',
    form: { name: 'staff', ssid: 'Other-WiFi' },
    bad: { name: 'staff', ssid: 'Other-WiFi' },
    path: 'name',
    code: ERR.POLICY_NAME_EXISTS,
  });
  await refusedNew({
    rule: 'an SSID another policy has is refused (135)',
    form: { name: 'Second', ssid: 'Staff-WiFi' },
    bad: { name: 'Second', ssid: 'Staff-WiFi' },
    path: 'ssid',
    code: ERR.SSID_USED_BY_POLICY,
  });
  await refusedNew({
    rule: 'one guest network (2006)',
    form: { name: 'Guests 2', ssid: 'Guests-2' },
    extra: (p) => policyField(p, 'Guest network').click(),
    bad: { name: 'Guests 2', ssid: 'Guests-2', guest: true },
    path: 'guest',
    code: ERR.GUEST_NETWORK_LIMIT,
  });

  await test.step('the same SSID twice in one request (2008)', async () => {
    const twice = [validPolicy({ name: 'A', ssid: 'Twice' }), validPolicy({ name: 'B', ssid: 'Twice' })];
    expect((await putPolicies(page, projectId, [staff, guest, ...twice])).code).toBe(
      ERR.SSID_DUPLICATE_IN_REQUEST,
    );
  });
});

test('project-wide wireless rules: 7 networks on all devices, 32 policies', async ({
  page,
  mailbox,
  snap,
}) => {
  const projectId = await emptyProject(page, mailbox, 'Rules Court 2');
  const staff = validPolicy({ name: 'Staff', ssid: 'Staff-WiFi' });
  const guest = validPolicy({ name: 'Visitors', ssid: 'Visitors-WiFi', guest: true });
  const refusedNew = newPolicyRefusal(page, projectId);
  const seven = [
    staff,
    guest,
    ...[3, 4, 5, 6, 7].map((n) => validPolicy({ name: `Floor ${n}`, ssid: `Floor-${n}` })),
  ];
  expect((await putPolicies(page, projectId, seven)).code).toBe(0);
  await wirelessPage(page, seven.length);
  await refusedNew({
    rule: 'at most 7 networks on all devices (2003)',
    form: { name: 'Floor 8', ssid: 'Floor-8' },
    bad: { name: 'Floor 8', ssid: 'Floor-8' },
    path: 'scope',
    code: ERR.ALL_DEVICE_NETWORK_LIMIT,
  });

  await test.step('at most 32 policies: Add is disabled at 32, the API refuses 33 with 40', async () => {
    const off = Array.from({ length: MAX_WIRELESS_POLICIES - seven.length }, (_, i) =>
      validPolicy({ name: `Spare ${i}`, ssid: `Spare-${i}`, enabled: false }),
    );
    const full = [...seven, ...off];
    expect((await putPolicies(page, projectId, full)).code).toBe(0);
    await page.reload();
    await expect(page.getByTestId('policy-table-count')).toHaveText(
      `${MAX_WIRELESS_POLICIES} / ${MAX_WIRELESS_POLICIES} policies`,
    );
    await expect(page.getByRole('button', { name: 'Add policy' }).first()).toBeDisabled();
    await snap(page, 'wireless-policy-limit');
    const over = [...full, validPolicy({ name: 'One more', ssid: 'One-more', enabled: false })];
    expect((await putPolicies(page, projectId, over)).code).toBe(ERR.POLICY_LIMIT);
  });
});

/**
 * A new policy (`bad`, filled in the form by `act`) refused after the saved ones: the domain's
 * message for `path` with the server's context (devices, saved version, CPE SSIDs), then the code.
 */
async function formRefuses(
  page: Page,
  projectId: number,
  o: {
    path: string;
    code: number;
    bad: Partial<WirelessPolicy>;
    act?: () => Promise<void>;
    otherSsids?: { ssid: string; owner: string }[];
  },
): Promise<void> {
  const view = await wirelessView(page, projectId);
  const saved = view.settings.policies;
  const candidate = [...saved, validPolicy(o.bad)];
  const issue = domainIssue(candidate, `policies.${saved.length}.${o.path}`, ruleContext(view, o.otherSsids));
  expect(issue.code).toBe(o.code);
  await openNewPolicy(page, { name: o.bad.name, ssid: o.bad.ssid });
  await o.act?.();
  await page.getByTestId('policy-save').click();
  // The form does not know the CPEs' management SSIDs: it asks "Save and apply?" and the server
  // refuses (89), its message landing in the drawer like the form's own.
  if (o.otherSsids?.length)
    await saveConfirmation(page).getByRole('button', { name: 'Save and apply' }).click();
  await expect(drawerMessage(page, issue.message).first()).toBeVisible();
  await cancelPolicy(page);
  expect((await putPolicies(page, projectId, candidate)).code).toBe(o.code);
}

test('network limits with devices: 8 per radio (2007), 30 on specified devices (2005)', async ({
  page,
  mailbox,
  sim,
  snap,
}) => {
  await newSignedInAccount(page, mailbox, 'wdev');
  // Seed 14, 7 units: gateway, switch, AP, a CPE bridge pair, two more APs.
  const project = await simulatedProject(page, sim, { name: 'Rules Yard', tag: 'NLWR', count: 7, seed: 14 });
  const { projectId, fleet } = project;
  const aps = fleet.devices.filter((d) => d.plan.kind === 'ap');
  expect(aps).toHaveLength(3);
  const apIds = await Promise.all(aps.map((d) => deviceIdOf(page, projectId, d.sn)));
  const apNames = aps.map((d) => project.names[project.sns.indexOf(d.sn)] ?? '');
  await openProject(page, 'Rules Yard');
  await wirelessPage(page);

  /** A policy on one AP and one band. */
  const onAp = (i: number, n: number, band: '2.4G' | '5G') =>
    validPolicy({
      name: `P${n}`,
      ssid: `Net-${n}`,
      scope: 'devices',
      deviceIds: [apIds[i] ?? 0],
      bands: [band],
    });

  await test.step('a radio broadcasts at most 8 networks (2007)', async () => {
    const eight = Array.from({ length: 8 }, (_, n) => onAp(0, n, '2.4G'));
    expect((await putPolicies(page, projectId, eight)).code).toBe(0);
    await wirelessPage(page, eight.length);
    await formRefuses(page, projectId, {
      path: 'deviceIds',
      code: ERR.DEVICE_NETWORK_LIMIT,
      bad: { name: 'Ninth', ssid: 'Ninth', scope: 'devices', deviceIds: [apIds[0] ?? 0] },
      act: () => pickPolicyDevices(page, [apNames[0] ?? '']),
    });
  });

  await test.step('at most 30 networks on specified devices (2005)', async () => {
    // 30 enabled networks spread over the 6 radios of the 3 APs (5 per radio).
    const thirty = Array.from({ length: 30 }, (_, n) => onAp(n % 3, n, n % 2 === 0 ? '2.4G' : '5G'));
    expect((await putPolicies(page, projectId, thirty)).code).toBe(0);
    await wirelessPage(page, thirty.length);
    await formRefuses(page, projectId, {
      path: 'scope',
      code: ERR.SPECIFIED_DEVICE_NETWORK_LIMIT,
      bad: { name: 'P30', ssid: 'Net-30', scope: 'devices', deviceIds: [apIds[1] ?? 0] },
      act: async () => {
        await pickPolicyDevices(page, [apNames[1] ?? '']);
        await snap(page, 'wireless-rule-specified-limit');
      },
    });
  });
});

test('SSIDs of CPE bridges (89, 408); a policy a bridge uses as its uplink is in use (26)', async ({
  page,
  mailbox,
  sim,
}) => {
  await newSignedInAccount(page, mailbox, 'wcpe');
  // Seed 36, 4 units: gateway, switch and a CPE bridge pair.
  const project = await simulatedProject(page, sim, { name: 'Rules Roof', tag: 'NLWC', count: 4, seed: 36 });
  const { projectId, fleet } = project;
  // The cabled near end (AP mode) of the bridge; the far end joins its bridge network.
  const cpe = fleet.devices.find((d) => d.plan.kind === 'cpe' && d.plan.uplink?.kind === 'wired');
  const far = fleet.devices.find((d) => d.plan.kind === 'cpe' && d.plan.uplink?.kind === 'wireless');
  expect(cpe).toBeDefined();
  expect(far).toBeDefined();
  const cpeId = await deviceIdOf(page, projectId, cpe?.sn ?? '');
  const cpeName = project.names[project.sns.indexOf(cpe?.sn ?? '')] ?? '';
  const path = `/api/projects/${projectId}/devices/${cpeId}/config/bridge`;
  const { version } = await apiGet<{ version: number }>(page, path);
  const bridge = {
    bridgeName: 'Roof link',
    mgmtSsid: 'Roof-Mgmt',
    mgmtPassword: 'roof-pass-42',
    uplink: null,
  };

  await test.step('the management Wi-Fi equal to the uplink network is refused (408)', async () => {
    const twice = {
      ...bridge,
      uplink: { ssid: 'Roof-Mgmt', bssid: '02:00:00:00:00:01', channel: 36, password: '' },
    };
    expect((await apiPutRaw(page, path, { baseVersion: version, settings: twice })).code).toBe(
      ERR.SSID_EXISTS_ON_DEVICE,
    );
  });

  await test.step('a policy taking the management Wi-Fi of a CPE is refused (89)', async () => {
    expect((await apiPutRaw(page, path, { baseVersion: version, settings: bridge })).code).toBe(0);
    await openProject(page, 'Rules Roof');
    await wirelessPage(page);
    await formRefuses(page, projectId, {
      path: 'ssid',
      code: ERR.SSID_EXISTS,
      bad: { name: 'Roof', ssid: 'Roof-Mgmt' },
      otherSsids: [{ ssid: 'Roof-Mgmt', owner: `the management Wi-Fi of CPE "${cpeName}"` }],
    });
  });

  await test.step('a policy whose network a bridge uses as its uplink cannot be deleted (26)', async () => {
    // The near end now beacons its bridge network "Roof link"; a policy carries the same network.
    expect(
      (await putPolicies(page, projectId, [validPolicy({ name: 'Uplink', ssid: 'Roof link' })])).code,
    ).toBe(0);
    const farId = await deviceIdOf(page, projectId, far?.sn ?? '');
    const search = await apiPostRaw<CpeSearchResult>(
      page,
      `/api/projects/${projectId}/devices/${farId}/cpe/search`,
      {},
    );
    expect(search.code).toBe(0);
    const uplink = search.data?.networks.find((n) => n.ssid === 'Roof link');
    expect(uplink).toBeDefined();
    const farPath = `/api/projects/${projectId}/devices/${farId}/config/bridge`;
    const farView = await apiGet<{ version: number }>(page, farPath);
    const farBridge = {
      bridgeName: 'Roof far',
      mgmtSsid: 'Roof-Far-Mgmt',
      mgmtPassword: 'roof-pass-42',
      uplink: { ssid: 'Roof link', bssid: uplink?.bssid ?? '', channel: uplink?.channel ?? 0, password: '' },
    };
    expect((await apiPutRaw(page, farPath, { baseVersion: farView.version, settings: farBridge })).code).toBe(
      0,
    );

    const refused = await putPolicies(page, projectId, []);
    expect(refused.code).toBe(ERR.POLICY_IN_USE);
    const issue = refused.issues?.[0]?.message;
    await wirelessPage(page, 1);
    await page.getByRole('button', { name: 'Delete Uplink', exact: true }).click();
    // Refused before anything is sent when the form knows the rule, else after the confirm by the server.
    const confirm = page.locator('.ant-modal-confirm-confirm');
    const error = page.locator('.ant-modal-confirm-error');
    await expect(confirm.or(error)).toBeVisible();
    if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(error).toContainText('Wi-Fi policy “Uplink” cannot be deleted');
    await expect(error).toContainText(issue ?? errorMessage(ERR.POLICY_IN_USE));
    await error.getByRole('button', { name: 'Close', exact: true }).click();
    expect((await wirelessView(page, projectId)).settings.policies.map((p) => p.name)).toEqual(['Uplink']);
  });
});

test('RF settings rules: messages in the RF form, codes from the API', async ({ page, mailbox }) => {
  await newSignedInAccount(page, mailbox, 'rfrules');
  const projectId = await createProject(page, { name: 'Rules Floor', netMode: 0, scenario: 'enterprise' });
  await openProject(page, 'Rules Floor');
  await page.goto('/manage/rfconf');
  const settings = page.getByTestId('rf-settings');
  await expect(settings).toBeVisible();
  const base = (await apiGet<RfConfigView>(page, `/api/projects/${projectId}/config/rf`)).settings;
  const issueAt = (s: typeof base, path: string) => {
    const found = rfSettingsIssues(s).find((i) => i.path === path);
    if (!found) throw new Error(`no RF issue at ${path}`);
    return found.message;
  };
  const cases = [
    {
      rule: 'access threshold −90 to −60 dBm',
      testId: 'rf-access-threshold',
      value: '-95',
      settings: { ...base, accessThreshold: -95 },
      path: 'accessThreshold',
    },
    {
      rule: '2.4 GHz signal threshold −90 to −60 dBm',
      testId: 'rf-roam24',
      value: '-50',
      settings: { ...base, roaming: { ...base.roaming, enabled: true, signalThreshold24: -50 } },
      path: 'roaming.signalThreshold24',
    },
    {
      rule: '5 GHz signal threshold −90 to −60 dBm',
      testId: 'rf-roam5',
      value: '-91',
      settings: { ...base, roaming: { ...base.roaming, enabled: true, signalThreshold5: -91 } },
      path: 'roaming.signalThreshold5',
    },
    {
      rule: 'roam threshold 0–30 dB',
      testId: 'rf-roam-threshold',
      value: '31',
      settings: { ...base, roaming: { ...base.roaming, enabled: true, roamThreshold: 31 } },
      path: 'roaming.roamThreshold',
    },
  ];
  const roaming = page.getByTestId('rf-roaming-enabled');
  const unchanged = () => expect(page.getByTestId('rf-dirty')).toHaveText('No unsaved changes.');
  await unchanged();
  for (const c of cases) {
    await test.step(c.rule, async () => {
      // Each case starts from the saved settings (the previous one was discarded and the page
      // says so), where the roaming thresholds show only once roaming is switched on.
      if (c.path.startsWith('roaming.') && !(await roaming.isChecked())) {
        await roaming.click();
        await expect(roaming).toBeChecked();
      }
      const input = page.getByTestId(c.testId);
      await fillField(input, c.value);
      await expect(settings.getByText(issueAt(c.settings, c.path), { exact: true })).toBeVisible();
      await expect(page.getByTestId('rf-save')).toBeDisabled();
      await expect(page.getByTestId('rf-dirty')).toHaveText('Correct the highlighted fields to save.');
      const answer = await apiPutRaw(page, `/api/projects/${projectId}/config/rf`, {
        baseVersion: 0,
        settings: c.settings,
      });
      expect(answer.code).toBe(ERR.INVALID_PARAMETERS);
      await page.getByRole('button', { name: 'Discard changes' }).click();
      await unchanged();
    });
  }
  expect((await apiGet<RfConfigView>(page, `/api/projects/${projectId}/config/rf`)).version).toBe(0);
});
