import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types for Kysely. Conventions (both SQLite and PostgreSQL): integer ids from
 * autoincrement/serial, timestamps as ISO-8601 UTC text (`Date#toISOString()`, fixed width, so text
 * order is time order), booleans as 0/1 integers.
 */
export interface Database {
  accounts: AccountsTable;
  sessions: SessionsTable;
  session_policies: SessionPoliciesTable;
  api_keys: ApiKeysTable;
  verification_codes: VerificationCodesTable;
  sms_sends: SmsSendsTable;
  login_failures: LoginFailuresTable;
  projects: ProjectsTable;
  project_members: ProjectMembersTable;
  project_invitations: ProjectInvitationsTable;
  project_creations: ProjectCreationsTable;
  avatars: AvatarsTable;
  devices: DevicesTable;
  pending_devices: PendingDevicesTable;
  device_problems: DeviceProblemsTable;
  telemetry_raw: TelemetryRawTable;
  telemetry_5m: TelemetryRollupTable;
  telemetry_1h: TelemetryRollupTable;
  project_series_5m: ProjectSeriesTable;
  project_series_1h: ProjectSeriesTable;
  clients: ClientsTable;
  client_days: ClientDaysTable;
  client_aliases: ClientAliasesTable;
  client_sessions: ClientSessionsTable;
  client_day_summaries: ClientDaySummariesTable;
  device_events: DeviceEventsTable;
  commands: CommandsTable;
  account_preferences: AccountPreferencesTable;
  config_documents: ConfigDocumentsTable;
  config_revisions: ConfigRevisionsTable;
  device_configs: DeviceConfigsTable;
  audit_log: AuditLogTable;
  rf_runs: RfRunsTable;
  rf_neighbours: RfNeighboursTable;
  account_permissions: AccountPermissionsTable;
  account_audit: AccountAuditTable;
  notification_channels: NotificationChannelsTable;
  notification_deliveries: NotificationDeliveriesTable;
  job_leases: JobLeasesTable;
  maps: MapsTable;
  map_walls: MapWallsTable;
  map_placements: MapPlacementsTable;
  datascreen_settings: DataScreenSettingsTable;
  topology_manual_nodes: TopologyManualNodesTable;
  config_backups: ConfigBackupsTable;
  backup_settings: BackupSettingsTable;
  runlog_settings: RunlogSettingsTable;
  reboot_schedules: RebootSchedulesTable;
  firmware_files: FirmwareFilesTable;
  scan_login_tickets: ScanLoginTicketsTable;
  social_identities: SocialIdentitiesTable;
  social_flows: SocialFlowsTable;
  social_pending: SocialPendingTable;
  device_activations: DeviceActivationsTable;
  activation_days: ActivationDaysTable;
  activation_months: ActivationMonthsTable;
  activation_day_totals: ActivationDayTotalsTable;
  solutions: SolutionsTable;
  solution_shares: SolutionSharesTable;
  solution_scenarios: SolutionScenariosTable;
  analytics_terminals: AnalyticsTerminalsTable;
  analytics_events: AnalyticsEventsTable;
  experience_projects: ExperienceProjectsTable;
}

export interface AccountsTable {
  id: Generated<number>;
  cloud_code: string;
  email: string | null;
  country_code: string | null;
  mobile: string | null;
  password_hash: string;
  nick: string;
  role: number;
  company_name: string;
  company_location: string;
  /** When company name / location last changed (once per calendar year, codes 14/15/65). */
  company_name_changed_at: string | null;
  company_location_changed_at: string | null;
  avatar_id: string | null;
  created_at: string;
  updated_at: string;
  /** §6 member level (domain MEMBER_LEVELS); 'common' by default (0027). */
  member_level: Generated<string>;
  /** When an administrator disabled the account; null while it may sign in (0027). */
  disabled_at: string | null;
}
export type AccountRow = Selectable<AccountsTable>;

export interface SessionsTable {
  id: Generated<number>;
  /** SHA-256 of the opaque token; the token itself is never stored. */
  token_hash: string;
  account_id: number;
  client: string;
  /** SHA-256 of the CSRF token (web sessions only). */
  csrf_hash: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** Set when the session was ended by the server (e.g. "password changed" → code 70). */
  revoked_reason: string | null;
  /** The sign-in's user agent (cut to SESSION_USER_AGENT_MAX_LENGTH) and client address. */
  user_agent: string | null;
  ip: string | null;
}
export type SessionRow = Selectable<SessionsTable>;

/** An account's session options (issue 14 §5); no row: the defaults. */
export interface SessionPoliciesTable {
  account_id: number;
  /** 1: a new sign-in ends every other session of the account (they are told 69). */
  one_session: number;
  updated_at: string;
}

/** Personal API keys (issue 14 §6). */
export interface ApiKeysTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  /** The key's first characters, shown to recognise it. */
  prefix: string;
  /** SHA-256 of the key; the key itself is never stored. */
  key_hash: string;
  /** 'read' | 'manage' (domain API_KEY_SCOPES). */
  scope: string;
  /** JSON array of project ids; null: every project of the account. */
  project_ids: string | null;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  last_used_ip: string | null;
}
export type ApiKeyRow = Selectable<ApiKeysTable>;

export interface VerificationCodesTable {
  id: Generated<number>;
  channel: string;
  /** Lower-cased e-mail or `+<country code> <mobile>`. */
  target: string;
  purpose: string;
  salt: string;
  code_hash: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  /** Set when used successfully or burnt after too many attempts. */
  consumed_at: string | null;
}
export type VerificationCodeRow = Selectable<VerificationCodesTable>;

export interface SmsSendsTable {
  id: Generated<number>;
  target: string;
  sent_at: string;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  /** The identifier that was tried (e-mail or +cc mobile), whether or not an account exists. */
  target: string;
  failed_at: string;
}

export interface ProjectsTable {
  id: Generated<number>;
  name: string;
  net_mode: number;
  scenario: string;
  location: string;
  address: string;
  /** IANA zone name (migration 0008; an offset in hours before it). */
  time_zone: string;
  type_flag: number;
  owner_id: number;
  /** The owner's configuration lock (§3 "read-only" project, code 173): 0/1. */
  locked: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Its place on the data screen (0016): the pin, its ISO country and the gazetteer's label; null until set. */
  place_lat: number | null;
  place_lng: number | null;
  place_country: string | null;
  place_city: string | null;
}
export type ProjectRow = Selectable<ProjectsTable>;

export interface ProjectMembersTable {
  project_id: number;
  account_id: number;
  /** 'own' | 'rw' | 'r' */
  right: string;
  created_at: string;
  /** ISO instant a share ends (null: never; always null for the owner) — 0026. */
  expires_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Role within a shared project: 0 guest, 1 administrator (§3). */
  role: ColumnType<number, number | undefined, number>;
  /** 'share' | 'invitation'; null for the owner. */
  via: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 once the expiry was announced on the live channel. */
  expiry_seen: ColumnType<number, number | undefined, number>;
}

/** Invitation codes of a project (0026): only the code's hash is kept. */
export interface ProjectInvitationsTable {
  id: Generated<number>;
  project_id: number;
  code_hash: string;
  hint: string;
  permission: string;
  role: ColumnType<number, number | undefined, number>;
  expiry_json: string;
  valid_until: string;
  redemptions: ColumnType<number, number | undefined, number>;
  created_by: number;
  created_at: string;
}

/** One row per project creation, kept after deletion: the daily limit (1160) counts creations. */
export interface ProjectCreationsTable {
  id: Generated<number>;
  account_id: number;
  created_at: string;
}

export interface AvatarsTable {
  /** Random, unguessable: avatars are served without a session (img tags, bearer clients). */
  id: string;
  account_id: number;
  mime: string;
  bytes: Buffer;
  created_at: string;
}

export interface DevicesTable {
  id: Generated<number>;
  project_id: number;
  sn: string;
  type: string;
  name: string;
  /** Device status code of §4 (0 offline, 1 online, … 9 offline). */
  status: number;
  created_at: string;
  // Identity from `hello` (null until the device first connects).
  model: string | null;
  mac: string | null;
  firmware_version: string | null;
  hardware_version: string | null;
  boot_id: string | null;
  // Set by the user.
  location: string | null;
  remark: string | null;
  // Hot state from `state` / `telemetry` (see docs/protocol.md).
  ip: string | null;
  uplink_sn: string | null;
  uplink_port: string | null;
  /** wired | wireless | mesh */
  uplink_kind: string | null;
  /** Cloud 1 / local 2. */
  management_mode: number | null;
  /** Mesh primary 0 / secondary 1. */
  mesh_role: number | null;
  uptime: number | null;
  clients: number | null;
  config_version: number | null;
  cpu: number | null;
  memory: number | null;
  /** Bytes per second, upstream / downstream, from the latest telemetry. */
  tx_rate: number | null;
  rx_rate: number | null;
  /** JSON of ports, radios, disks and channels of the latest full `state`. */
  state_json: string | null;
  /** Epoch ms. */
  last_seen_at: number | null;
  status_changed_at: number | null;
  /** The latest refused message (migration 0025): when, and its message, code, path and reason as JSON. */
  problem_at: number | null;
  problem_json: string | null;
  /** Why the device's `state` was refused while it is connected and has not reported since; else null. */
  not_reporting: string | null;
}
export type NewDevice = Insertable<DevicesTable>;

/** A message the cloud refused from a claimed device (migration 0025; the last 20 per device kept). */
export interface DeviceProblemsTable {
  id: Generated<number>;
  device_id: number;
  message: string;
  code: string;
  path: string | null;
  reason: string;
  at: number;
}

/** A device seen on the broker that no project has claimed ("devices to be verified"). */
export interface PendingDevicesTable {
  sn: string;
  /** Offered to this project: its claimed device is this device's uplink parent. */
  project_id: number | null;
  model: string;
  type: string;
  mac: string;
  firmware_version: string;
  ip: string | null;
  uplink_sn: string | null;
  /** 0/1 */
  online: number;
  first_seen_at: number;
  last_seen_at: number;
  dismissed_at: number | null;
}

/** One telemetry sample. Byte columns are deltas since the device's previous sample. Times: epoch ms. */
export interface TelemetryRawTable {
  device_id: number;
  ts: number;
  tx_bytes: number;
  rx_bytes: number;
  tx_rate: number;
  rx_rate: number;
  clients: number;
  cpu: number | null;
  memory: number | null;
}

/** Per-device rollup bucket (5 minutes or 1 hour); averages are `*_sum / samples`. */
export interface TelemetryRollupTable {
  device_id: number;
  /** Bucket start, epoch ms. */
  bucket: number;
  samples: number;
  tx_bytes: number;
  rx_bytes: number;
  tx_rate_max: number;
  rx_rate_max: number;
  clients_sum: number;
  clients_max: number;
  cpu_sum: number;
  memory_sum: number;
}

/**
 * Per-project series for the network status panels, so a chart reads a bounded number of rows
 * whatever the fleet size. `kind`: internet (gateway uplink), switch, ap, client.
 */
export interface ProjectSeriesTable {
  project_id: number;
  kind: string;
  bucket: number;
  samples: number;
  tx_bytes: number;
  rx_bytes: number;
  tx_rate_max: number;
  rx_rate_max: number;
  clients_sum: number;
  clients_max: number;
  /** Sum over samples of devices of this kind online; average = online_sum / samples. */
  online_sum: number;
  total_max: number;
}

/** The latest client table of each device (replaced by every `clients` snapshot). */
export interface ClientsTable {
  device_id: number;
  project_id: number;
  mac: string;
  ip: string | null;
  name: string;
  /** wireless | wired */
  connection: string;
  type: string;
  ssid: string | null;
  band: string | null;
  rssi: number | null;
  auth: string | null;
  port: string | null;
  vlan: number | null;
  tx_bytes: number;
  rx_bytes: number;
  tx_rate: number;
  rx_rate: number;
  uptime: number;
  updated_at: number;
}

/** One row per client MAC per project per day: passenger flow, top traffic, authentication types. */
export interface ClientDaysTable {
  project_id: number;
  /** YYYY-MM-DD in the project's time zone. */
  day: string;
  mac: string;
  name: string;
  auth: string | null;
  first_seen_at: number;
  last_seen_at: number;
  tx_bytes: number;
  rx_bytes: number;
}

/**
 * A finished local day of a project's client history, summarised (the client-data charts read these,
 * not `client_days`): distinct clients, wireless clients per authentication type and the day's
 * heaviest clients, both as JSON text.
 */
export interface ClientDaySummariesTable {
  project_id: number;
  /** YYYY-MM-DD in the project's time zone. */
  day: string;
  clients: number;
  /** JSON object: authentication type → distinct clients that day. */
  auth: string;
  /** JSON array of [mac, name, txBytes, rxBytes], heaviest first. */
  top: string;
  summarized_at: number;
}

/** The name a project gives a client (by MAC), shown instead of the name the client reports. */
export interface ClientAliasesTable {
  project_id: number;
  mac: string;
  alias: string;
  updated_at: number;
  updated_by: number | null;
}

/** One connection of a client on one device (traceback): `ended_at` null while it is connected. */
export interface ClientSessionsTable {
  id: Generated<number>;
  project_id: number;
  device_id: number;
  mac: string;
  /** wireless | wired */
  connection: string;
  ssid: string | null;
  band: string | null;
  rssi_start: number | null;
  rssi_end: number | null;
  started_at: number;
  ended_at: number | null;
}

export interface DeviceEventsTable {
  id: Generated<number>;
  device_id: number;
  project_id: number;
  /** The device's own event id; (device_id, event_id) is unique so redeliveries are ignored. */
  event_id: string;
  /** alarm | log */
  kind: string;
  severity: string;
  code: string;
  text: string;
  at: number;
  /** Alarm read flag: 1 read, 0 unread (§3). */
  read: number;
  /** What within the device the event is about ("port 3"), so a clearing event finds its alarm (0009). */
  subject: string | null;
  /** When the alarm's condition ended (epoch ms); null while active or for alarms that cannot end. */
  cleared_at: number | null;
  /** Why it cleared, in words ("device back online"). */
  cleared_text: string | null;
  /** A threshold alarm's threshold in % (`cpu_high`, `memory_high`): a `state` under it clears it. */
  threshold: number | null;
}

/** A command job: survives restarts; the device executes an id once and replies by id. */
export interface CommandsTable {
  id: string;
  device_id: number;
  project_id: number;
  account_id: number | null;
  name: string;
  args_json: string;
  /** pending | sent | done | failed | expired */
  status: string;
  stage: string | null;
  percent: number | null;
  result_code: number | null;
  result_message: string | null;
  created_at: number;
  expires_at: number;
  updated_at: number;
}

export interface AccountPreferencesTable {
  account_id: number;
  key: string;
  value_json: string;
  updated_at: string;
}

/** A versioned settings document (issue 4): project-level (device_id null) or device-level. */
export interface ConfigDocumentsTable {
  id: Generated<number>;
  project_id: number;
  device_id: number | null;
  /** 'project' or 'device:<id>': unique with (project_id, kind), since unique indexes ignore NULLs. */
  scope_key: string;
  /** A `ConfigKind` of domain. */
  kind: string;
  /** The current version (1, 2, …); a save names the version it was based on. */
  version: number;
  /** The settings as JSON. */
  body: string;
  /** Epoch ms. */
  updated_at: number;
  updated_by: number | null;
}

/** Every version of every settings document, with who, when and a change summary. */
export interface ConfigRevisionsTable {
  id: Generated<number>;
  document_id: number;
  project_id: number;
  device_id: number | null;
  kind: string;
  version: number;
  body: string;
  summary: string;
  account_id: number | null;
  created_at: number;
  /** Set when this version restored an earlier one: that version's number. */
  restored_from: number | null;
}

/** What a device should run (the rendered device document) and what it reported. */
export interface DeviceConfigsTable {
  device_id: number;
  project_id: number;
  desired_version: number;
  /** The rendered device document (JSON). */
  body: string;
  /** SHA-256 of the canonical JSON of `body`: a save that renders the same document changes nothing. */
  hash: string;
  applied_version: number;
  /** applied | pending | failed */
  status: string;
  pending_since: number | null;
  failed_code: number | null;
  failed_message: string | null;
  /** When the desired version was last published to the device (epoch ms). */
  sent_at: number | null;
  updated_at: number;
}

/** Who changed what, per project (config saves, restores, PoE reboots). */
export interface AuditLogTable {
  id: Generated<number>;
  project_id: number;
  account_id: number | null;
  device_id: number | null;
  /** The device's name when the entry was written (kept after the device is deleted). */
  device_name: string | null;
  /** An `AuditAction` of domain. */
  action: string;
  summary: string;
  created_at: number;
}

/** One RF optimisation run (issue 5): progress while running, the record when done. */
/**
 * What a listener heard of another project device in its latest neighbour scan (0018): per band, the
 * transmitter's channel and power then, and the received signal. A new scan of the listener replaces its rows.
 */
export interface RfNeighboursTable {
  project_id: number;
  listener_id: number;
  transmitter_id: number;
  band: string;
  channel: number;
  /** dBm */
  tx_power: number;
  /** dBm */
  rssi: number;
  measured_at: number;
}

export interface RfRunsTable {
  id: Generated<number>;
  project_id: number;
  /** Who started it; null for an automatic run. */
  account_id: number | null;
  /** manual | auto */
  trigger: string;
  /** running | succeeded | failed */
  status: string;
  /** scanning | planning | applying | done */
  stage: string;
  percent: number;
  started_at: number;
  finished_at: number | null;
  /** §8 code of a failed run (2103, 2105, 2104). */
  code: number | null;
  /** Access threshold (dBm) in force during the run. */
  access_threshold: number;
  /** `RfNoise` JSON before and after (null until planned). */
  before_json: string | null;
  after_json: string | null;
  /** `RfRadioChange[]` JSON. */
  changes_json: string;
}

/** §6 permission flags of one account that differ from its role's defaults (migration 0007). */
/** An account-management change (issue 14 §5): who changed which account, and how. */
export interface AccountAuditTable {
  id: Generated<number>;
  account_id: number;
  /** The administrator; null once their account is deleted. */
  actor_id: number | null;
  /** A domain `AccountAuditAction`. */
  action: string;
  summary: string;
  created_at: string;
}

export interface AccountPermissionsTable {
  account_id: number;
  /** JSON of the overrides only (domain `permissionOverridesSchema`). */
  flags: string;
  updated_at: string;
}

/** A project's notification channel: an e-mail address or a signed webhook (migration 0009). */
export interface NotificationChannelsTable {
  id: Generated<number>;
  project_id: number;
  /** email | webhook */
  kind: string;
  /** The e-mail address or the webhook URL. */
  target: string;
  /** The webhook's HMAC-SHA256 signing secret (kept to sign with; shown to the user once). */
  secret: string | null;
  /** The least severe alarm level sent: info | warning | critical. */
  min_level: string;
  created_at: number;
}

/** One message to one channel: a batch of alarms or a test, with its attempts (migration 0009). */
export interface NotificationDeliveriesTable {
  id: Generated<number>;
  channel_id: number;
  project_id: number;
  /** alarms | test */
  purpose: string;
  /** pending | sent | failed */
  status: string;
  attempts: number;
  /** When the next attempt is due (epoch ms). */
  next_at: number;
  last_error: string | null;
  /** Alarms in the message. */
  alarms: number;
  /** The message (domain `NotificationMessage`), JSON. */
  payload: string;
  created_at: number;
  sent_at: number | null;
}

/** One run of a once-per-cluster job: the node whose insert of (job, slot) won ran it. */
export interface JobLeasesTable {
  job: string;
  /** The job's own slot number (a periodic job: epoch ms / interval; RF: the scheduled instant). */
  slot: number;
  /** The node that claimed it (host:pid:random). */
  holder: string;
  claimed_at: number;
}

/** A floor-plan map of a project (migration 0015): its image under DATA_DIR/maps and its scale line. */
export interface MapsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  /** The image's file name under DATA_DIR/maps: generated by the server, never the client's. */
  file_key: string;
  /** The type sniffed from the bytes (image/jpeg | image/png), served as is. */
  content_type: string;
  /** Image size, pixels. */
  width: number;
  height: number;
  /** The scale line as drawn (image pixels) and its real length; all null until drawn. */
  scale_from_x: number | null;
  scale_from_y: number | null;
  scale_to_x: number | null;
  scale_to_y: number | null;
  scale_length_m: number | null;
  metres_per_pixel: number | null;
  created_at: number;
  created_by: number | null;
  updated_at: number;
  updated_by: number | null;
}

/** One drawn wall of a map (0015): shape (domain `WALL_SHAPES`), material (`WALL_MATERIALS`), points in metres. */
export interface MapWallsTable {
  id: Generated<number>;
  map_id: number;
  shape: string;
  material: string;
  /** `{ x, y }[]` in metres, JSON. */
  points_json: string;
}

/** Where a device stands on a map, metres (0015); one row per device: on at most one map. */
export interface MapPlacementsTable {
  device_id: number;
  map_id: number;
  x: number;
  y: number;
}

/** An account's data-screen settings (0016): map range, title, highlighted countries (JSON array of ISO codes). */
export interface DataScreenSettingsTable {
  account_id: number;
  map_range: string;
  title: string;
  countries_json: string;
  updated_at: number;
}

/** A device added to the topology by hand (0017): not cloud-managed, under a port or a manual node. */
export interface TopologyManualNodesTable {
  id: Generated<number>;
  project_id: number;
  /** Under a managed device's `port`, or (parent_device_id null) under another manual node. */
  parent_device_id: number | null;
  parent_manual_id: number | null;
  port: string | null;
  /** A domain `TOPOLOGY_MANUAL_KINDS` type. */
  kind: string;
  name: string;
  model: string;
  remark: string;
  /** Where it was dragged: px from the place the layout gives it. */
  dx: Generated<number>;
  dy: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A configuration backup (0020): the device's file, its §3 fields, its sync and last restore. */
export interface ConfigBackupsTable {
  id: Generated<number>;
  project_id: number;
  /** Null once the device left the project (its name, SN, model and MAC stay). */
  device_id: number | null;
  device_name: string;
  sn: string;
  model: string;
  mac: string | null;
  file_name: string;
  /** Domain `BACKUP_TYPES`. */
  type: string;
  remark: Generated<string>;
  /** Domain `BACKUP_SYNC_STATES`. */
  sync: string;
  sync_code: number | null;
  /** The `backup` command job that uploads the file. */
  command_id: string | null;
  content: Buffer | null;
  size: number | null;
  sha256: string | null;
  config_version: number | null;
  /** The device's settings documents when it was taken: kind → { version, settings }. */
  documents_json: string;
  restore_command_id: string | null;
  restore_device_id: number | null;
  restore_device_name: string | null;
  /** running, done, failed */
  restore_status: string | null;
  restore_code: number | null;
  restore_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A project's backup options (0020): automatic backup after an applied configuration change. */
export interface BackupSettingsTable {
  project_id: number;
  /** 1: on. */
  auto_after_change: Generated<number>;
  updated_at: number;
}

/** A project's log retention (0021): 7, 30, 90 or 180 days; no row: the server's default. */
export interface RunlogSettingsTable {
  project_id: number;
  retention_days: number;
  updated_at: number;
}

export interface FirmwareFilesTable {
  id: Generated<number>;
  project_id: number;
  model: string;
  version: string;
  /** The uploaded file's name, as shown. */
  file_name: string;
  /** Its name under DATA_DIR/firmware (random, never from the client). */
  file_key: string;
  size: number;
  /** Hex SHA-256 of the stored bytes. */
  sha256: string;
  notes: string;
  /** Secret the download links of this file are signed with (base64url). */
  url_key: string;
  uploaded_by: number | null;
  created_at: number;
}

/**
 * A reboot schedule (migration 0022, issue 13 §1): a project's (device_id null, target 'project') or
 * one device's (target 'device:<id>'), one per target; its plan, when it was saved (cyclic slots
 * count from it) and the last slot run (a restart carries on from it).
 */
export interface RebootSchedulesTable {
  id: Generated<number>;
  project_id: number;
  device_id: number | null;
  target: string;
  enabled: number;
  /** weekly | cyclic */
  mode: string;
  /** Local HH:MM; null for every N hours. */
  time: string | null;
  /** Weekly days, comma-separated (0 = Monday); '' for cyclic. */
  days: string;
  every: number | null;
  /** days | hours; null for weekly. */
  unit: string | null;
  anchor_at: number;
  last_slot: number | null;
  created_at: number;
  updated_at: number;
}

/**
 * A scan-to-login ticket (migration 0028, issue 14 §3): the hashes of its link token and of the
 * showing browser's cookie secret, the state, the phone's account once scanned; times in ms.
 */
export interface ScanLoginTicketsTable {
  id: Generated<number>;
  ticket_hash: string;
  browser_hash: string;
  /** The showing browser as it described itself (User-Agent, shortened). */
  browser: string;
  /** waiting | scanned | confirmed | refused | used */
  state: string;
  account_id: number | null;
  created_at: number;
  expires_at: number;
  updated_at: number;
}

/** An OpenID identity bound to an account (migration 0029, issue 14 §4). Times in ms. */
export interface SocialIdentitiesTable {
  id: Generated<number>;
  account_id: number;
  /** The configured provider's id (SOCIAL_PROVIDERS). */
  provider: string;
  /** The provider's `sub` claim. */
  subject: string;
  /** The identity's name or e-mail when it was bound, to show it. */
  name: string | null;
  created_at: number;
}

/** A social sign-in under way (migration 0029): used once, within SOCIAL_FLOW_TTL_SECONDS. */
export interface SocialFlowsTable {
  id: Generated<number>;
  /** SHA-256 of the `state` sent to the provider. */
  state_hash: string;
  /** SHA-256 of the browser's flow cookie: the redirect back must come to the same browser. */
  browser_hash: string;
  provider: string;
  redirect_uri: string;
  /** PKCE code verifier (short-lived, deleted when the redirect comes back). */
  code_verifier: string;
  nonce: string;
  /** Binding from the account page: the signed-in account; null for a sign-in. */
  account_id: number | null;
  remember_seconds: number;
  expires_at: number;
}

/** A signed-in identity not bound yet (migration 0029): bound or registered once, then deleted. */
export interface SocialPendingTable {
  id: Generated<number>;
  /** SHA-256 of the ticket in the browser's httpOnly cookie. */
  ticket_hash: string;
  provider: string;
  subject: string;
  name: string | null;
  email: string | null;
  expires_at: number;
}

/**
 * A device's activation (migration 0032, issue 15 §2): the first time it was online while claimed
 * into a project, once per serial number. model/firmware/country '' when unknown. Times in ms.
 */
export interface DeviceActivationsTable {
  id: Generated<number>;
  sn: string;
  device_id: number;
  project_id: number;
  model: string;
  firmware: string;
  /** ISO 3166-1 alpha-2 of the project's place, '' when it has none. */
  country: string;
  /** UTC day `YYYY-MM-DD` of `activated_at`. */
  day: string;
  activated_at: number;
}

/** The activation rollup (migration 0032): activations per UTC day × model × firmware × country. */
export interface ActivationDaysTable {
  day: string;
  model: string;
  firmware: string;
  country: string;
  count: number;
}

/** The activation rollup per calendar month (migration 0032); `month` is its first day `YYYY-MM-01`. */
export interface ActivationMonthsTable {
  month: string;
  model: string;
  firmware: string;
  country: string;
  count: number;
}

/** Activations per UTC day, every model and country (migration 0032): the unfiltered chart. */
export interface ActivationDayTotalsTable {
  day: string;
  count: number;
}

/**
 * A solution (migration 0034, issue 15 §1): an account's, or a copy another account shared
 * (shared_by: that account's e-mail or mobile). inputs and devices are JSON text of the domain's
 * `SolutionInputs` and `SolutionDevice[]`; version counts saves (54 when an edit is stale).
 */
export interface SolutionsTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  scenario_name: string;
  inputs: string;
  devices: string;
  advice: string;
  advantages: string;
  version: number;
  shared_by: string | null;
  created_at: string;
  updated_at: string;
}
export type SolutionRow = Selectable<SolutionsTable>;

/** A copy of a solution given to an account (one per solution and recipient: 21). */
export interface SolutionSharesTable {
  id: Generated<number>;
  solution_id: number;
  account_id: number;
  created_at: string;
}

/** A custom scenario (at most 20 per account, 186): its name, lower-cased key, base system scenario. */
export interface SolutionScenariosTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  name_key: string;
  base: string;
  created_at: string;
}
export type SolutionScenarioRow = Selectable<SolutionScenariosTable>;
/** A terminal that may upload analytics (migration 0033): its signing key, while its sign-in lasts. */
export interface AnalyticsTerminalsTable {
  id: string;
  account_id: number;
  /** The sign-in that asked for it: the terminal is deleted when that session ends. */
  session_id: number;
  /** Base64url of the HMAC key (the server needs it in clear to verify signatures). */
  signing_key: string;
  created_at: string;
  expires_at: string;
}

/** One stored analytics event (migration 0033); unique per account and `event_key`. */
export interface AnalyticsEventsTable {
  id: Generated<number>;
  account_id: number;
  terminal_id: string;
  /** The app's `event_primarykey`: a retried upload stores nothing twice. */
  event_key: string;
  event_name: string;
  event_desc: string;
  page_path: string;
  params_json: string;
  /** When it happened (ms since the epoch) and its UTC day (YYYY-MM-DD, the pivot's day). */
  event_time_ms: number;
  day: string;
  duration_ms: number;
  session_id: string;
  app_version: string;
  browser: string;
  os: string;
  language: string;
  received_at: string;
}
/** An account's experience project (0035): its experience number and simulated fleet's plan. */
export interface ExperienceProjectsTable {
  project_id: number;
  account_id: number;
  experience_num: number;
  seed: number;
  devices: number;
  created_at: string;
}
