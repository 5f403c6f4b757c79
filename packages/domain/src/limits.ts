/**
 * Every limit and default of the spec (§9, and the limits named in §5/§6) and of the HTTP API
 * (lengths of fields and parameters, page sizes, list caps, live-channel timings, the bounds a
 * settings document may hold), defined here and nowhere else. A limit is written once and feeds the
 * server check, the zod schema and the form's `maxLength`: the feature modules of domain import it
 * from here (this file imports nothing, so anything may import it), and other packages read it from
 * `@netloom/domain`. The device protocol's own limits (payload caps, array caps of messages, the
 * reconnect back-off) are in `packages/protocol/src/limits.ts`. Two kinds of default stay beside
 * what they are a default of: a member of a value list (the default net mode, time zone, time range,
 * role… in `enums/`) and the factory settings of a settings kind (`defaultRfSettings`, `DEFAULT_LAN`…
 * in the kind's folder). A schema bound that is no rule (the days of a week, a percentage) is written
 * where it is used, marked `// not a rule:` (`tests/ruleLiterals.test.ts`).
 */

// ── Accounts ────────────────────────────────────────────────────────────────────────────────────
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 32;
export const EMAIL_CODE_LENGTH = 6;
export const SMS_CODE_LENGTH = 4;
/** Seconds before the "send code" button may be used again. */
export const CODE_RESEND_SECONDS = 60;
/** How long a verification code stays valid. Not given by the spec: 10 minutes, as is usual. */
export const CODE_TTL_SECONDS = 600;
/** Wrong guesses of one code before it is burnt (code 75). */
export const CODE_MAX_ATTEMPTS = 5;
/** SMS sending limits per target number (codes 53, 51, 52). Values not shown in the spec: decided. */
export const SMS_LIMIT_PER_MINUTE = 1;
export const SMS_LIMIT_PER_HOUR = 5;
export const SMS_LIMIT_PER_DAY = 10;
/** Failed sign-ins within the window that lock an account (code 80). */
export const LOGIN_FAIL_WINDOW_SECONDS = 5 * 60;
export const LOGIN_FAIL_MAX = 5;
export const LOGIN_LOCK_SECONDS = 30 * 60;
export const DEFAULT_COUNTRY_CODE = '86';
/** A country calling code: 1–4 digits (86 by default). */
export const COUNTRY_CODE_MAX_LENGTH = 4;
/** A mobile number outside China: 5–15 digits. */
export const MOBILE_MIN_LENGTH = 5;
export const MOBILE_MAX_LENGTH = 15;
/** A mobile number in China (+86): 11 digits, starting with 1. */
export const CHINA_MOBILE_LENGTH = 11;
export const EMAIL_MAX_LENGTH = 254;
export const NICK_MAX_LENGTH = 32;
export const COMPANY_NAME_MAX_LENGTH = 64;
export const COMPANY_LOCATION_MAX_LENGTH = 64;
/** Session lifetime on the server, whatever the cookie's own expiry. */
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;
/** Longest cookie expiry a sign-in may ask for ("remember me", `rememberSeconds`): one year. */
export const REMEMBER_ME_MAX_SECONDS = 365 * 24 * 3600;
/** Social sign-in (issue 14 §4): an OpenID provider's id, as it appears in URLs, 1–32 characters. */
export const SOCIAL_PROVIDER_ID_MAX_LENGTH = 32;
/** The button label of a provider. */
export const SOCIAL_PROVIDER_LABEL_MAX_LENGTH = 32;
/** "Remember me" on the social sign-in tab: the session cookie kept 30 days, as on the password tabs. */
export const SOCIAL_REMEMBER_SECONDS = 30 * 24 * 3600;
/** How long a started social sign-in may take at the provider before its state expires (159). */
export const SOCIAL_FLOW_TTL_SECONDS = 10 * 60;
/** How long a new social identity waits to be bound or registered before it must start again (159). */
export const SOCIAL_PENDING_TTL_SECONDS = 15 * 60;

// ── Projects ────────────────────────────────────────────────────────────────────────────────────
export const PROJECT_NAME_MAX_LENGTH = 18;
export const PROJECT_LOCATION_MAX_LENGTH = 64;
export const PROJECT_ADDRESS_MAX_LENGTH = 128;
/** A project's IANA time-zone name (the longest real one, America/Argentina/ComodRivadavia, has 30). */
export const TIME_ZONE_MAX_LENGTH = 64;
/** Default project count limit per account (code 140); configurable on the server. */
export const DEFAULT_PROJECT_LIMIT = 100;
/** Default projects that may be created per account per day (code 1160); configurable. */
export const DEFAULT_DAILY_PROJECT_LIMIT = 20;

// ── Files ───────────────────────────────────────────────────────────────────────────────────────
export const IMAGE_EXTENSIONS = ['jpg', 'png', 'jpeg', 'gif', 'bmp'] as const;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Map upload (floor plan): jpg or PDF (§5). */
export const MAP_EXTENSIONS = ['jpg', 'png', 'pdf'] as const;
/** Map upload limit: 5 MB (§5, §9). */
export const MAP_MAX_BYTES = 5 * 1024 * 1024;
/** A PDF floor plan may have at most 15 pages (§5, §9). */
export const MAP_PDF_MAX_PAGES = 15;
/** Recommended floor-plan size in pixels (§5 "recommended 800x400"). */
export const MAP_RECOMMENDED_WIDTH = 800;
export const MAP_RECOMMENDED_HEIGHT = 400;
/** Recommended floor-plan proportion width:height (§5 "proportion 5:3"). */
export const MAP_PROPORTION = [5, 3] as const;
/**
 * How far a floor plan's width:height may differ from the recommended proportion and still count as
 * that shape: 20 %. The spec recommends both 800×400 (2:1) and a 5:3 proportion; 2:1 is exactly
 * 20 % wider than 5:3, so the tolerance is chosen to let an image meet both recommendations.
 */
export const MAP_PROPORTION_TOLERANCE = 0.2;
/** Firmware files: `.bin` (§5). */
export const FIRMWARE_EXTENSIONS = ['bin'] as const;
/** Firmware must be under 60 MB (§5, §9): a file of exactly this size is refused. */
export const FIRMWARE_MAX_BYTES = 60 * 1024 * 1024;
/** Device import files: only .xls/.xlsx (§5). */
export const IMPORT_EXTENSIONS = ['xls', 'xlsx'] as const;
/** A firmware version as the uploader types it (`V1.2.0`), and the release notes. */
export const FIRMWARE_VERSION_MAX_LENGTH = 64;
export const FIRMWARE_NOTES_MAX_LENGTH = 2000;
/** Device import files up to 5 MB (docs/decisions.md "Excel import format"). */
export const DEVICE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

// ── Devices ─────────────────────────────────────────────────────────────────────────────────────
/** Serial number length: 16–32 letters or digits (§5). */
export const SN_MIN_LENGTH = 16;
export const SN_MAX_LENGTH = 32;
/** At most 500 devices per Excel import (§5, §9). */
export const IMPORT_MAX_DEVICES = 500;
/** Per-project device limits (§9): 1 gateway, 1 AC, 99 access and 99 core switches, 999 APs. */
export const PROJECT_MAX_GATEWAYS = 1;
export const PROJECT_MAX_ACS = 1;
export const PROJECT_MAX_ACCESS_SWITCHES = 99;
export const PROJECT_MAX_CORE_SWITCHES = 99;
export const PROJECT_MAX_APS = 999;
/** Default devices per account across the projects it owns (code 1162); configurable on the server. */
export const DEFAULT_ACCOUNT_DEVICE_LIMIT = 20_000;
/** Device names: 1–16 characters without spaces or emoticons (§5). */
export const DEVICE_NAME_MAX_LENGTH = 16;
/** A device's location and remark: free text of at most 64 characters. */
export const DEVICE_LOCATION_MAX_LENGTH = 64;
export const DEVICE_REMARK_MAX_LENGTH = 64;
/** Device password: at least 8 characters with three of four classes (§5). */
export const DEVICE_PASSWORD_MIN_LENGTH = 8;
/** The special characters that count as a class in a device password (§5). */
export const DEVICE_PASSWORD_SPECIALS = '!#$%&*+,-.:;=@^_';
/** Classes (upper, lower, digit, special) a device password must mix (§5). */
export const DEVICE_PASSWORD_MIN_CLASSES = 3;

/**
 * Protocol problems (issue 16 §2): the messages the cloud refused from a device, the last 20 kept
 * per device (its detail's "Protocol problems"); the device list flags a device whose last refusal
 * is at most a day old.
 */
export const PROTOCOL_PROBLEMS_KEPT = 20;
export const PROTOCOL_PROBLEM_FLAG_MS = 24 * 3_600_000;

// ── Topology ────────────────────────────────────────────────────────────────────────────────────
/**
 * Manual topology nodes (issue 12 §3 "add downlink device"): devices that are not cloud-managed,
 * drawn under a port. The spec sets no numbers; these are Netloom's (docs/api.md "Network topology"):
 * a name like a device name but with room for a description ("Lobby camera 2"), a remark like a
 * device's remark, and 200 nodes a project — more than the unmanaged gear of any site we plan for,
 * few enough that the drawing stays readable and one request bounded.
 */
export const TOPOLOGY_MANUAL_NAME_MAX_LENGTH = 32;
export const TOPOLOGY_MANUAL_MODEL_MAX_LENGTH = 32;
export const TOPOLOGY_MANUAL_REMARK_MAX_LENGTH = DEVICE_REMARK_MAX_LENGTH;
export const TOPOLOGY_MANUAL_MAX_NODES = 200;
/** How far a dragged manual node may be moved from where the layout puts it, px (either axis). */
export const TOPOLOGY_MANUAL_MAX_OFFSET_PX = 100_000;
/** A port name a manual node hangs under ("3", "LAN2", "SFP1"). */
export const TOPOLOGY_PORT_MAX_LENGTH = 16;

// ── Text ────────────────────────────────────────────────────────────────────────────────────────
/** Names and SSIDs: 1–32 printable ASCII bytes (§5). */
export const NAME_MAX_BYTES = 32;
/** Short names: 1–16 characters (§5). */
export const SHORT_NAME_MAX_LENGTH = 16;
/** Some titles (data-screen title, solution name) at most 30 characters (§5). */
export const TITLE_MAX_LENGTH = 30;

// ── Wireless ────────────────────────────────────────────────────────────────────────────────────
/** At most 32 wireless policies per project (§9, code 40). */
export const MAX_WIRELESS_POLICIES = 32;
/** Policy names reserved for the system (code 72): app_default_0 … app_default_3. */
export const RESERVED_POLICY_NAMES = [
  'app_default_0',
  'app_default_1',
  'app_default_2',
  'app_default_3',
] as const;
/** A shutdown schedule has at most 4 periods (§5, §9). */
export const MAX_SCHEDULE_PERIODS = 4;
/**
 * Granularity of a shutdown schedule (§3 Wi-Fi schedule: "date, time period, granularity"): the
 * minute step its times fall on. 1 = any minute (schedules saved before the step existed).
 */
export const SCHEDULE_GRANULARITIES = [1, 15, 30, 60] as const;
export type ScheduleGranularity = (typeof SCHEDULE_GRANULARITIES)[number];
/** Maximum clients per band: 1–128 (§5, §9, codes 91/2004). */
export const MAX_CLIENTS_PER_BAND = 128;
export const MIN_CLIENTS_PER_BAND = 1;
/** Wi-Fi password: 8–63 printable ASCII, or exactly 64 hex digits (§5). */
export const WIFI_PASSWORD_MIN_LENGTH = 8;
export const WIFI_PASSWORD_MAX_LENGTH = 63;
export const WIFI_PASSWORD_HEX_LENGTH = 64;
/** Group key update interval in seconds: 60–99999, or 0 for none (§5). */
export const KEY_UPDATE_INTERVAL_MIN = 60;
export const KEY_UPDATE_INTERVAL_MAX = 99999;
/** Transmit power in dBm: 8–29 (§5). */
export const TX_POWER_MIN = 8;
export const TX_POWER_MAX = 29;
/** Access (RSSI) threshold in dBm: -90 to -60 (§5). */
export const ACCESS_THRESHOLD_MIN = -90;
export const ACCESS_THRESHOLD_MAX = -60;
/** Signal threshold alternative lower bound in dBm (§5 "-100 to -60"). */
export const SIGNAL_THRESHOLD_WIDE_MIN = -100;
/** Wi-Fi network counts (codes 2003–2007): 7 all-device networks, 30 specified-device, 1 guest. */
export const MAX_ALL_DEVICE_NETWORKS = 7;
export const MAX_SPECIFIED_DEVICE_NETWORKS = 30;
export const MAX_GUEST_NETWORKS = 1;
/** Client blacklist at most 100 entries (code 156). */
export const MAX_BLACKLIST_ENTRIES = 100;
/** A policy's key, its stable identity inside the `wireless` document: 4–16 of `[a-z0-9]`. */
export const POLICY_KEY_MIN_LENGTH = 4;
export const POLICY_KEY_MAX_LENGTH = 16;
/** SSIDs one radio broadcasts at most (a device with more applicable policies: 2007). */
export const MAX_SSIDS_PER_RADIO = 8;
/** Longest RADIUS shared secret. Not given by the spec: 64, as most firmware accepts. */
export const RADIUS_SECRET_MAX_LENGTH = 64;
/** A client roams only to an AP at least this many dB stronger: a whole number 0–30 dB. */
export const ROAM_THRESHOLD_MIN_DB = 0;
export const ROAM_THRESHOLD_MAX_DB = 30;
/** Highest Wi-Fi channel number of any band (6 GHz channel 233); 0 in a setting means automatic. */
export const WIFI_CHANNEL_MAX = 233;

// ── Network ─────────────────────────────────────────────────────────────────────────────────────
/** Default device VLAN range 10–4094 (§3, §5, §9), used when the server gives no model range. */
export const VLAN_DEFAULT_MIN = 10;
export const VLAN_DEFAULT_MAX = 4094;
/** Wireless policy and tagged-field VLAN range 1–4094 (§5). */
export const VLAN_ANY_MIN = 1;
export const VLAN_ANY_MAX = 4094;
/** VLAN 1: the default (native) VLAN every port is an untagged member of out of the box. */
export const DEFAULT_VLAN_ID = 1;
/** The other VLAN listing's lower bound: 2–4094 (§5). */
export const VLAN_LIST_MIN = 2;
/** At most 100 VLANs added at once (§5). */
export const VLAN_BATCH_MAX = 100;
/** VLAN names that are reserved (§5). */
export const RESERVED_VLAN_NAMES = ['br0', 'IPTV'] as const;
/** DHCP pool name: 1–32 digits, letters, underscores (§5). */
export const DHCP_POOL_NAME_MAX_LENGTH = 32;
/** DHCP lease in minutes: 30–10080 (§5). */
export const DHCP_LEASE_MIN_MINUTES = 30;
export const DHCP_LEASE_MAX_MINUTES = 10080;
/** Alternative DHCP lease range in minutes: 1–525600 (§5). */
export const DHCP_LEASE_ALT_MIN_MINUTES = 1;
export const DHCP_LEASE_ALT_MAX_MINUTES = 525600;
/** At most two DNS servers, a primary and a secondary: a WAN port's, a DHCP pool's (§5). */
export const DNS_SERVERS_MAX = 2;
/** At most two DNS servers per DHCP pool (§5). */
export const DHCP_MAX_DNS = DNS_SERVERS_MAX;
/** PPPoE account fields: 1–64 printable ASCII characters. */
export const PPPOE_FIELD_MAX_LENGTH = 64;
/** Multi-dial PPPoE sessions per WAN port. */
export const MULTI_DIAL_MIN = 2;
export const MULTI_DIAL_MAX = 4;
/** An ISP VLAN tag on a WAN port: 0 = untagged, else a VLAN id (§3 network config). */
export const WAN_VLAN_UNTAGGED = 0;
/** TCP/UDP port range (§5). */
export const PORT_MIN = 1;
export const PORT_MAX = 65535;
/** A mask written as a prefix length: 0–32, the bits of an IPv4 address (§5 "mask 0-32"). */
export const IPV4_PREFIX_MAX = 32;
/** The prefix lengths an interface (LAN, VLAN) may use: room for hosts, not wider than a /8. */
export const INTERFACE_PREFIX_MIN = 8;
export const INTERFACE_PREFIX_MAX = 30;

// ── Switch ports and CPE bridges ────────────────────────────────────────────────────────────────
/** A port remark is at most this many characters (free text, printable; §3 port remark). */
export const PORT_REMARK_MAX_LENGTH = 32;
/** A port profile's name: 1–32 printable ASCII characters, unique in the project (issue 10 §4). */
export const PORT_PROFILE_NAME_MAX_LENGTH = 32;
/** Port profiles a project may keep (issue 10 §4; the spec sets no number). */
export const MAX_PORT_PROFILES = 32;
/** Switches one "apply profile" may reach: every switch a project may hold (99 access + 99 core, §9). */
export const PROFILE_APPLY_MAX_SWITCHES = 198;
/** A port profile's id (a random UUID, 36 characters). */
export const PORT_PROFILE_ID_MAX_LENGTH = 36;
/** PoE power limit a user can set per port, in W (0 = the port's class maximum). */
export const POE_LIMIT_MAX_WATTS = 90;
/** A bridge name is at most this many characters (a new CPE's is its device name, cut to it). */
export const BRIDGE_NAME_MAX_LENGTH = 64;

// ── Projects, solutions, sharing ────────────────────────────────────────────────────────────────
/** Custom scenarios at most 20 (§9, code 186). */
export const MAX_CUSTOM_SCENARIOS = 20;
/** A solution's name: one of §5's titles of at most 30 characters. */
export const SOLUTION_NAME_MAX_LENGTH = TITLE_MAX_LENGTH;
/** A device row's quantity is at least one (a row of none is removed). */
export const SOLUTION_MIN_QUANTITY = 1;
/** A device row's model id as sent (catalogue ids are far shorter). */
export const SOLUTION_MODEL_MAX_LENGTH = 32;
/** The smallest floor the generator sizes, m². */
export const SOLUTION_MIN_FLOOR_AREA_M2 = 10;
/** A device row's remarks (the sizing's reason fits in it). */
export const SOLUTION_REMARK_MAX_LENGTH = 120;
/** Deployment advice and advantages: free text of at most this many characters each. */
export const SOLUTION_TEXT_MAX_LENGTH = 4000;
/** A floor plan's AP plan summary carried into the generator ("5 APs: 97 % of 1,500 m² …"). */
export const AP_PLAN_SUMMARY_MAX_LENGTH = 300;
/** Rows of a solution's device list (one per role and model). */
export const SOLUTION_MAX_ROWS = 50;
/** Sizing inputs: the largest figures the generator takes (a bound, not a §9 rule). */
export const SOLUTION_MAX_FLOOR_AREA_M2 = 100_000;
export const SOLUTION_MAX_FLOORS = 200;
export const SOLUTION_MAX_ROOMS = 10_000;
export const SOLUTION_MAX_USERS = 100_000;
export const SOLUTION_MAX_CAMERAS = 2_000;
export const SOLUTION_MAX_BANDWIDTH_MBPS = 100_000;
export const SOLUTION_MAX_OUTDOOR_AREA_M2 = 1_000_000;
/** Data screen shows at most 5 countries (§5, §9). */
export const DATA_SCREEN_MAX_COUNTRIES = 5;
/** A project's place on the data screen: latitude within ±90°, longitude within ±180°. */
export const LATITUDE_MAX = 90;
export const LONGITUDE_MAX = 180;
/** The city label of a project's place (the gazetteer's "City, Province"), at most 64 characters. */
export const PLACE_LABEL_MAX_LENGTH = 64;
/** Gazetteer search: a query of at most 64 characters, at most 12 places answered. */
export const PLACE_QUERY_MAX_LENGTH = 64;
export const PLACE_SEARCH_MAX_RESULTS = 12;
/** The data screen lists the 5 most recent alarms and the top 5 projects by clients or traffic. */
export const DATA_SCREEN_RECENT_ALARMS = 5;
export const DATA_SCREEN_TOP_PROJECTS = 5;
/** Hourly points of the data screen's trend lines (the last 24 hours). */
export const DATA_SCREEN_TREND_HOURS = 24;
/** The browser refetches the data screen at most this often, however many live events arrive. */
export const DATA_SCREEN_REFRESH_MIN_MS = 5_000;
/** Permanent shares: at most 3 read-write managers (§6, §9, code 406). */
export const SHARE_MAX_PERMANENT_RW = 3;
/** Unexpired read-only shares: at most 32 projects (§6, §9, code 61). */
export const SHARE_MAX_READ_ONLY = 32;
/** Unexpired read-write shares: at most 8 projects (§6, §9, code 62). */
export const SHARE_MAX_READ_WRITE = 8;
/** A single project: at most 11 manageable permissions (§6, §9, code 188). */
export const SHARE_MAX_MANAGEABLE_PER_PROJECT = 11;
/** Preset share durations offered by the share form, in hours (§3 "expiry (hours, custom or never)"). */
export const SHARE_HOUR_PRESETS = [1, 8, 24, 72, 168, 720] as const;
/** Longest share by hours or by a custom date: one year ahead. Not given by the spec. */
export const SHARE_MAX_HOURS = 8760;
/** How long an invitation code may be redeemed, in hours (presets of the invitation form). */
export const INVITATION_VALIDITY_PRESETS = [1, 24, 72, 168] as const;
/** Longest validity of an invitation code: 30 days. Not given by the spec. */
export const INVITATION_MAX_VALIDITY_HOURS = 720;
/**
 * The longest a node waits before looking for passed share expiries (it wakes at the earliest one it
 * knows; this bound catches shares given on another node). Not a rule: a timing.
 */
export const SHARE_EXPIRY_POLL_MS = 15_000;
/** Characters of an invitation code (Crockford base 32, shown in groups of 4): 60 bits. */
export const INVITATION_CODE_LENGTH = 12;
/** Characters of a code as typed (with its dashes and spaces), at most. */
export const INVITATION_CODE_INPUT_MAX_LENGTH = 32;
/** Per solution: 1 AC, 1 gateway, 99 access switches, 99 core switches, 999 APs (§5). */
export const SOLUTION_MAX_ACS = 1;
export const SOLUTION_MAX_GATEWAYS = 1;
export const SOLUTION_MAX_ACCESS_SWITCHES = 99;
export const SOLUTION_MAX_CORE_SWITCHES = 99;
export const SOLUTION_MAX_APS = 999;

// ── Backup, logs, RF ────────────────────────────────────────────────────────────────────────────
/** General backups per project; beyond this the oldest is overwritten (§4, §9). */
export const BACKUP_MAX_PER_PROJECT = 128;
/** Restore points per device (§4). */
export const RESTORE_POINTS_PER_DEVICE = 1;
/** Minimum seconds between two backups (§9, code 187). */
export const BACKUP_MIN_INTERVAL_SECONDS = 3 * 60;
/** A backup's remark: 0–64 characters (Netloom's choice; the spec names the field, not its length). */
export const BACKUP_REMARK_MAX_LENGTH = 64;
/**
 * The largest configuration file a device may upload as a backup: it travels base64-encoded in
 * one `reply` and, to restore it, in one `command` (docs/protocol.md §7.2, both capped at the large
 * payload size of 256 KiB), so 160 KiB leaves room for the encoding's third and the envelope.
 */
export const BACKUP_FILE_MAX_BYTES = 160 * 1024;
/** Devices in one "Back up now" of a selection (the device list's page). */
export const BACKUP_BATCH_MAX = 100;
/** Alarm download: at most 50,000 logs (§9). */
export const ALARM_DOWNLOAD_MAX = 50_000;
/** The system log's CSV export: at most as many rows as the alarm download (§9), read in pages of this many. */
export const RUNLOG_EXPORT_MAX_ROWS = ALARM_DOWNLOAD_MAX;
export const RUNLOG_EXPORT_BATCH_ROWS = 1000;
/** Accounts the log's user filter offers at most. */
export const RUNLOG_ACCOUNTS_MAX = 200;
/** Device status transitions are written to the log in batches, at most this often (ms). */
export const RUNLOG_TRANSITION_FLUSH_MS = 1000;
/** RF optimisation log shows the latest 20 records (§9). */
export const RF_LOG_LATEST = 20;
/** RF optimisation needs at least 2 online devices (§4). */
export const RF_MIN_ONLINE_DEVICES = 2;

// ── Durations (seconds) ─────────────────────────────────────────────────────────────────────────
/** Wi-Fi search (site survey) takes 30 s (§9). */
export const WIFI_SEARCH_SECONDS = 30;
/** The search's listening time in ms: the default, and the shortest a caller may ask for. */
export const WIFI_SEARCH_MS = WIFI_SEARCH_SECONDS * 1000;
export const WIFI_SEARCH_MIN_MS = 1000;
/** A CPE mode switch takes about 2 minutes (§4, §9). */
export const CPE_MODE_SWITCH_SECONDS = 2 * 60;
/** RF optimisation takes 2–10 minutes (§9). */
export const RF_OPTIMIZATION_MIN_SECONDS = 2 * 60;
export const RF_OPTIMIZATION_MAX_SECONDS = 10 * 60;
/** A mesh country change during RF optimisation takes about 3 minutes (§9). */
export const MESH_COUNTRY_CHANGE_SECONDS = 3 * 60;
/** A reboot takes about 1 minute (§9). */
export const REBOOT_SECONDS = 60;
/** A reset takes 3 minutes (§9). */
export const RESET_SECONDS = 3 * 60;
/** An upgrade takes 5 minutes (§9). */
export const UPGRADE_SECONDS = 5 * 60;
/**
 * An upgrade job stays open at most three upgrades long: a device that never answers ends as
 * "failed" by expiry instead of "upgrading" for ever. The signed download URL lives as long.
 */
export const UPGRADE_JOB_TTL_SECONDS = 3 * UPGRADE_SECONDS;
/**
 * Formatting an NVR disk (issue 13 §4; the spec gives no figure): a quick format rewrites the file
 * system and the recording index, not every sector — about 30 s plus 15 s per terabyte.
 */
export const DISK_FORMAT_BASE_SECONDS = 30;
export const DISK_FORMAT_SECONDS_PER_TB = 15;
/**
 * A format job stays open at most this long: a recorder that never answers ends as failed (498)
 * instead of "formatting" for ever. The largest disk of the catalogue (16 TB) takes 4.5 minutes.
 */
export const DISK_FORMAT_JOB_TTL_SECONDS = 15 * 60;
/** The format jobs a recorder's drawer shows: those started in the last hour. */
export const DISK_FORMAT_RECENT_SECONDS = 3600;
/** Disk bays of a recorder, at most (the wire's bound of `state.disks`). */
export const NVR_DISKS_MAX = 16;
/** A PoE port reboot takes 2 minutes (§9). */
export const POE_REBOOT_SECONDS = 2 * 60;
/** Saving a configuration takes 5–12 s (§9). */
export const SAVE_MIN_SECONDS = 5;
export const SAVE_MAX_SECONDS = 12;
/** Scheduled reboot: a device must have been online for an hour (§9 "one-hour online rule"). */
export const SCHEDULED_REBOOT_MIN_UPTIME_SECONDS = 3600;

// ── Analytics and client behaviour ──────────────────────────────────────────────────────────────
/** Analytics upload when this many events are queued (§4, §9). */
export const ANALYTICS_BATCH_SIZE = 20;
/** Analytics upload 30 s after the last upload (§4, §9). */
export const ANALYTICS_FLUSH_MS = 30_000;
/** How often the analytics queue is checked (§4, §9). */
export const ANALYTICS_CHECK_MS = 10_000;
/** App version reported in the analytics header (§9). */
export const APP_VERSION = 'v1.8.80';
/** Idle detector poll interval (§9). */
export const IDLE_POLL_MS = 3_000;
/**
 * Analytics upload (`POST /upload/app-data/v2`, issue 15 §3). The compressed body at most this many
 * bytes; inflated, at most this many (a zip bomb is cut off while it inflates).
 */
export const ANALYTICS_MAX_BODY_BYTES = 64 * 1024;
export const ANALYTICS_MAX_INFLATED_BYTES = 512 * 1024;
/** Events in one upload at most (the console sends ANALYTICS_BATCH_SIZE; a backlog goes in slices). */
export const ANALYTICS_MAX_EVENTS = 100;
/** A signed upload's timestamp may differ from the server's clock by at most this (replay window). */
export const ANALYTICS_TIMESTAMP_WINDOW_MS = 5 * 60_000;
/** Events a browser keeps per account while uploads fail (the oldest are dropped beyond). */
export const ANALYTICS_QUEUE_MAX = 1000;
/** An event's time (ms since the epoch) at most this: the last instant of the year 9999. */
export const ANALYTICS_EVENT_TIME_MAX_MS = 253_402_300_799_999;
/** A terminal's signing key lasts this long at most (and ends with the sign-in that asked for it). */
export const ANALYTICS_TERMINAL_TTL_SECONDS = 24 * 3600;
/** Text fields of an event, user or header: at most this many characters. */
export const ANALYTICS_TEXT_MAX_LENGTH = 256;
/** An event's page path: at most this many characters. */
export const ANALYTICS_PATH_MAX_LENGTH = 512;
/** An event's parameters: at most this many keys. */
export const ANALYTICS_PARAMS_MAX_KEYS = 20;
/** An event's idempotency key (`event_primarykey`): 8–64 characters. */
export const ANALYTICS_KEY_MIN_LENGTH = 8;
export const ANALYTICS_KEY_MAX_LENGTH = 64;
/** The data pivot shows at most this many rows and this many columns (the largest by the measure). */
export const PIVOT_MAX_ITEMS = 50;
/** The data pivot's default range: the last this many days. */
export const PIVOT_DEFAULT_DAYS = 30;
/** Idle: live updates pause after this long without activity, unless the account chose otherwise. */
export const IDLE_PAUSE_DEFAULT_SECONDS = 10 * 60;
/** Idle pause: the account's choice is within these bounds. */
export const IDLE_PAUSE_MIN_SECONDS = 5;
export const IDLE_PAUSE_MAX_SECONDS = 24 * 3600;
/** Idle sign-out (off by default): within these bounds when chosen. */
export const IDLE_SIGN_OUT_MIN_SECONDS = 60;
export const IDLE_SIGN_OUT_MAX_SECONDS = 7 * 24 * 3600;
/** The choices My account offers for the idle pause and the idle sign-out (seconds). */
export const IDLE_PAUSE_CHOICES_SECONDS = [60, 5 * 60, 10 * 60, 30 * 60, 3600] as const;
export const IDLE_SIGN_OUT_CHOICES_SECONDS = [30 * 60, 3600, 4 * 3600, 8 * 3600] as const;
/** Tooltip maximum width in pixels (§9). */
export const TOOLTIP_MAX_WIDTH = 240;
/** Pagination label (§9). */
export const PAGE_SIZE_LABEL = 'items/page';
/** Locale of the console (§9). */
export const DEFAULT_LOCALE = 'en-US';
/** Company name and location may be edited once per calendar year (§9, codes 14/15/65). */
export const COMPANY_EDITS_PER_YEAR = 1;
/** Bolder font weight applied on Windows user agents (§2). */
export const WINDOWS_FONT_WEIGHT = 700;
/** Rate and size units step by this factor (§9). */
export const UNIT_STEP = 1024;

// ── Identifiers and ports ───────────────────────────────────────────────────────────────────────
/** Largest database id (a signed 32-bit integer, the id type of SQLite and PostgreSQL alike). */
export const DB_ID_MAX = 2_147_483_647;
/** Digits of a project id in a URL (a longer one names no project). */
export const PROJECT_ID_MAX_DIGITS = 15;
/** Ports a device may have (switch front panels, port lists in messages and documents). */
export const DEVICE_MAX_PORTS = 128;
/** Radios a device may have (radio lists in messages and documents). */
export const DEVICE_MAX_RADIOS = 4;
/** WAN ports a router or gateway may have (its WAN settings, its `state.wan` entries). */
export const DEVICE_MAX_WAN_PORTS = 8;

// ── HTTP API parameters of the server's features (issue 9: each bound once) ─────────────────────
/** An avatar id in `/api/account/avatar/:id` (ids are 22 characters; a longer one names no avatar). */
export const AVATAR_ID_MAX_LENGTH = 64;
/** The search text of the project list (`?q=`). */
export const PROJECT_SEARCH_MAX_LENGTH = 64;
/** A preference key (`table:devices:ap`), and so the key prefix of the preference list. */
export const PREFERENCE_KEY_MAX_LENGTH = 64;
/** A stored preference value, serialised as JSON, is at most 16 KB. */
export const PREFERENCE_VALUE_MAX_BYTES = 16 * 1024;
/**
 * A serial number in a path (`…/devices/pending/:sn`): wider than any serial (SN_MAX_LENGTH), so an
 * over-long one is answered "not offered" (412) like any unknown serial, not as a malformed request.
 */
export const SN_PARAM_MAX_LENGTH = 64;
/** A command job id in a path (`cmd_` and 16 random characters; room for other id shapes). */
export const COMMAND_ID_MAX_LENGTH = 64;

// ── Text lengths of fields (schemas, and the web's `maxLength`s) ────────────────────────────────
// Each is the longest text a field's rule can accept, so an input never cuts what the rule would
// judge: the rule (and the server) still gives the message.
/** An IPv4 address as text: "255.255.255.255". */
export const IPV4_TEXT_MAX_LENGTH = 15;
/** A next hop: one address, or a primary and a backup written `{ip}-{ip}`. */
export const NEXT_HOP_TEXT_MAX_LENGTH = 2 * IPV4_TEXT_MAX_LENGTH + 1;
/** A port list of a port mapping ("80;443;8000-8010"), as the network document stores it. */
export const PORT_LIST_TEXT_MAX_LENGTH = 256;
/** The search box of a list (alarms, clients, devices): the API takes this many characters. */
export const SEARCH_TEXT_MAX_LENGTH = 64;
/** A Wi-Fi shutdown schedule as text: one period a line, at most `MAX_SCHEDULE_PERIODS` of them. */
export const SCHEDULE_TEXT_MAX_LENGTH = 512;
/**
 * The sign-in password field takes more than a new password may have (`PASSWORD_MAX_LENGTH`): it
 * checks nothing but "not empty", and the server answers for the rest.
 */
export const LOGIN_PASSWORD_INPUT_MAX_LENGTH = 64;
/** The serial-number field takes a pasted label with spaces or dashes; the rule then judges it. */
export const SN_INPUT_MAX_LENGTH = 64;

// ── Lists and paging (the device, alarm, client lists; settings history and change log) ─────────
/** Rows a list shows by default, and the most one page may have. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Page sizes a list offers ("items/page"): the same choice in every list. */
export const PAGE_SIZES = [10, DEFAULT_PAGE_SIZE, 50, MAX_PAGE_SIZE] as const;
export const DEVICE_PAGE_SIZES = PAGE_SIZES;
export const DEFAULT_DEVICE_PAGE_SIZE = DEFAULT_PAGE_SIZE;
export const MAX_DEVICE_PAGE_SIZE = MAX_PAGE_SIZE;
export const ALARM_PAGE_SIZES = PAGE_SIZES;
export const DEFAULT_ALARM_PAGE_SIZE = DEFAULT_PAGE_SIZE;
export const CLIENT_PAGE_SIZES = PAGE_SIZES;
export const DEFAULT_CLIENT_PAGE_SIZE = DEFAULT_PAGE_SIZE;
/** Highest page number the alarm and client lists accept (`?page=`); a higher one is refused. */
export const LIST_PAGE_MAX = 100_000;
/** Highest page number the device list accepts (`?page=`). */
export const DEVICE_LIST_PAGE_MAX = 1_000_000;
/** Ids one "mark read" request may name: a page of the alarm list at most. */
export const ALARM_MARK_READ_MAX_IDS = MAX_PAGE_SIZE;
/** Unread alarms the header bell previews. */
export const ALARM_BELL_PREVIEW = 5;

// ── Settings history and delivery ───────────────────────────────────────────────────────────────
/** At most this many devices per "Retry delivery". */
export const RETRY_DELIVERY_MAX_DEVICES = 500;
/** A change-log summary of a save ("changed VLAN 20: name, +2") is cut to this many characters. */
export const SUMMARY_MAX_LENGTH = 240;

// ── Settings documents: what one may hold ───────────────────────────────────────────────────────
// A settings schema checks shape only; each bound here is at least as wide as the rule of its
// field, so the rule (in the feature's `issues.ts`, with its §8 code) judges a value, not the parser.
/** A text field of a settings document (a VLAN, pool, route or policy name, an SSID). */
export const SETTINGS_TEXT_MAX_LENGTH = 64;
/** Rows of a list in a settings document (DHCP pools, static routes, port mappings). */
export const SETTINGS_LIST_MAX_ITEMS = 512;
/** Wi-Fi policies a `wireless` document may hold; the rule allows `MAX_WIRELESS_POLICIES` (code 40). */
export const SETTINGS_MAX_WIRELESS_POLICIES = 64;
/** Devices a Wi-Fi policy for specified devices may name. */
export const SETTINGS_MAX_POLICY_DEVICES = 1000;
/** SSIDs one device's `wireless` section may list; the rule allows `MAX_SSIDS_PER_RADIO` a radio (2007). */
export const SETTINGS_MAX_DEVICE_SSIDS = 64;
/** A policy's per-client rate limit, in kbit/s (10 Gbit/s); the rule asks only for a whole number > 0. */
export const SETTINGS_RATE_LIMIT_MAX_KBPS = 10_000_000;
/** DNS servers a DHCP pool may list; the rule allows `DHCP_MAX_DNS` (727 beyond it). */
export const SETTINGS_MAX_POOL_DNS = 4;
/** A DHCP lease in minutes; the rules allow 30–10080 or 1–525600 (`DHCP_LEASE_*`). */
export const SETTINGS_LEASE_MAX_MINUTES = 600_000;
/** A device's roaming threshold (its `roaming` section); the rule allows `ROAM_THRESHOLD_MAX_DB`. */
export const SETTINGS_ROAM_THRESHOLD_MAX_DB = 60;

// ── Live channel (`/api/live`) ──────────────────────────────────────────────────────────────────
/** Bytes the server buffers for one browser before cutting it off (`LIVE_CLOSE_CODES.TOO_SLOW`). */
export const LIVE_MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** How often an open channel re-checks its session (sign-out, password change, expiry end it). */
export const LIVE_SESSION_RECHECK_MS = 60_000;
/** The browser pings this often and treats a missing pong within the timeout as a dead socket. */
export const LIVE_PING_MS = 25_000;
export const LIVE_PONG_TIMEOUT_MS = 10_000;

// ── Global search (Ctrl-K) and the client panel ─────────────────────────────────────────────────
/**
 * Characters a global search needs before it asks the server: one character would match most of a
 * fleet's names and addresses, and two already narrow a MAC or an SN fragment to a few rows.
 */
export const SEARCH_MIN_QUERY_LENGTH = 2;
/** Results of one kind (devices, clients, pages) one search returns, across all the caller's projects. */
export const SEARCH_MAX_RESULTS_PER_KIND = 8;
/** Recent searches the search box remembers per browser. */
export const SEARCH_RECENT_MAX = 5;
/** A client's alias (the name the project gives it): the §5 general text rules, 1–32 characters. */
export const CLIENT_ALIAS_MAX_LENGTH = 32;
/** Days of a client's daily history (first and last seen, traffic) its panel shows. */
export const CLIENT_HISTORY_DAYS = 7;
/** A blacklist entry's name (who the client is, for people): the §5 general text rules, 1–32 characters. */
export const BLACKLIST_NAME_MAX_LENGTH = 32;
/**
 * Traceback: a client's connection on one device that starts at most this long after (or before)
 * its connection on another device ended is a roam between them, not a new visit.
 */
export const TRACEBACK_ROAM_GAP_MS = 120_000;
/** Traceback: the most connections one answer lists (the newest of the range). */
export const TRACEBACK_MAX_SESSIONS = 500; // not a rule: a page cap of the answer

// ── Alarms that clear and notifications (issue 10 point 8) ──────────────────────────────────────
/** A threshold alarm (`cpu_high`, `memory_high`) sent without its threshold watches this one, in %. */
export const ALARM_DEFAULT_THRESHOLD_PERCENT = 90;
/**
 * Alarms raised (or cleared) within this window of the first one go out as ONE message per channel,
 * listing them all: a storm of alarms is one e-mail, not fifty (Omada batches its alarm mails too).
 */
export const NOTIFY_BATCH_WINDOW_MS = 30_000;
/** A message is tried at most this many times before it is marked failed (visible in the console). */
export const NOTIFY_MAX_ATTEMPTS = 5;
/** Waits before the 2nd, 3rd… attempt of a message, in ms (the last repeats). */
export const NOTIFY_RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000] as const;
/** Notification channels (e-mail addresses and webhooks together) per project. */
export const NOTIFY_CHANNELS_MAX = 10;
/** An e-mail address: at most 254 characters (RFC 5321). */
export const NOTIFY_EMAIL_MAX_LENGTH = 254;
/** A webhook URL: at most 2,048 characters. */
export const NOTIFY_URL_MAX_LENGTH = 2048;
/** A webhook receiver has this long to answer, in ms. */
export const NOTIFY_WEBHOOK_TIMEOUT_MS = 10_000;
/** A receiver should refuse a signed webhook whose timestamp is further than this from its clock, in s. */
export const NOTIFY_WEBHOOK_TOLERANCE_SECONDS = 300;
/** Recent deliveries the Notifications page lists. */
export const NOTIFY_RECENT_DELIVERIES = 20;
/** Alarms one message lists in full; more are counted ("and 12 more"). */
export const NOTIFY_MESSAGE_MAX_ALARMS = 50;

// ── Device maintenance (issue 13 §1) ────────────────────────────────────────────────────────────
/** Locate: the LED blinks for 1–30 minutes; 5 when the user does not choose (not a spec value). */
export const LOCATE_MIN_MINUTES = 1;
export const LOCATE_MAX_MINUTES = 30;
export const LOCATE_DEFAULT_MINUTES = 5;
/** The blink times the console offers. */
export const LOCATE_MINUTE_CHOICES = [
  LOCATE_MIN_MINUTES,
  LOCATE_DEFAULT_MINUTES,
  10,
  LOCATE_MAX_MINUTES,
] as const;
/**
 * Devices in one maintenance batch. not a rule: a bound on one request, as large as the largest
 * project (§9: 1 gateway, 1 AC, 99 + 99 switches, 999 APs).
 */
export const MAINTENANCE_BATCH_MAX = 1200;

// ── Reboot schedules (issue 13 §1, §6, §9) ──────────────────────────────────────────────────────
/**
 * §9 "Scheduled reboot has a one-hour online rule": a device online for less than this at its slot
 * is not restarted (the skip is logged).
 */
export const REBOOT_SCHEDULE_MIN_ONLINE_MS = 60 * 60 * 1000;
/** Cyclic reboot every N days: 1–30 (a Netloom decision, docs/operations.md "Reboot schedules"). */
export const REBOOT_CYCLE_DAYS_MIN = 1;
export const REBOOT_CYCLE_DAYS_MAX = 30;
/**
 * Cyclic reboot every N hours: 2–720 (30 days). Not 1: a device restarted by the previous slot has
 * been online for less than an hour at the next one, so §9's rule would skip every other hourly slot.
 */
export const REBOOT_CYCLE_HOURS_MIN = 2;
export const REBOOT_CYCLE_HOURS_MAX = 720;
/**
 * A slot missed while no console node ran (a restart, an outage) is still run this long after its
 * time, not later: a 03:00 reboot must not hit a network at 09:00.
 */
export const REBOOT_SLOT_GRACE_MS = 15 * 60 * 1000;
// ── Remote web management (issue 13 §3) ──────────────────────────────────────────────────────────
/** A remote session ends after this long without a request through it (not a spec value). */
export const REMOTE_IDLE_SECONDS = 10 * 60;
/** A remote session ends this long after it was opened, whatever its use (not a spec value). */
export const REMOTE_SESSION_MAX_SECONDS = 60 * 60;
/** Remote sessions one account may have open at once (not a spec value). */
export const REMOTE_SESSIONS_PER_ACCOUNT = 3;
/** How long the console waits for the device to answer and open its tunnel, in ms (then 321 or 324). */
export const REMOTE_OPEN_TIMEOUT_MS = 15_000;
/** How long one proxied request waits for the device's answer, in ms (then 497). */
export const REMOTE_REQUEST_TIMEOUT_MS = 20_000;
// ── Scan-to-login (issue 14 §3) ──────────────────────────────────────────────────────────────────
/**
 * How long a scan-to-login QR code can be scanned and confirmed (not a spec value: the spec says
 * only that it expires). Two minutes: enough to unlock a phone and sign in on it, short enough that
 * a photo of the screen is soon worthless.
 */
export const SCAN_TICKET_LIFETIME_SECONDS = 120;
/** After the phone confirms, the desktop has at least this long to finish signing in (not a spec value). */
export const SCAN_REDEEM_WINDOW_SECONDS = 30;
/** QR codes one address may ask for per minute (not a spec value; each lasts two minutes). */
export const SCAN_TICKETS_PER_MINUTE = 10;
/** The longest a desktop's status request waits for the ticket to change (long poll; not a spec value). */
export const SCAN_LONG_POLL_SECONDS = 25;
/** How often a waiting status request re-reads the ticket (a change made on another node; not a spec value). */
export const SCAN_POLL_INTERVAL_MS = 1000;
/** The desktop browser's description kept with a ticket and shown on the phone (not a spec value). */
export const SCAN_BROWSER_MAX_LENGTH = 120;
// ── Sessions and API keys (issue 14 §5, §6) ────────────────────────────────────────────────────
/** Longest user agent kept with a session (not a rule: longer ones are cut, never refused). */
export const SESSION_USER_AGENT_MAX_LENGTH = 512;
/** API keys one account may hold at once (not a spec value; Meraki allows two per user). */
export const API_KEYS_PER_ACCOUNT_MAX = 10;
export const API_KEY_NAME_MAX_LENGTH = 64;
/** Projects one API key may be limited to (not a spec value: the §6 cap of read-only shares). */
export const API_KEY_PROJECTS_MAX = 32;
/** Expiry choices of an API key, in days; `null` (never) is the other choice. */
export const API_KEY_EXPIRY_DAYS = [7, 30, 90, 365] as const;
/** A key's `last used` is written at most this often (not a rule: it is informational). */
export const API_KEY_TOUCH_INTERVAL_MS = 60_000;
/** Characters of a key shown in lists to recognise it (`nlk_` and the first 8 of its secret). */
export const API_KEY_SHOWN_LENGTH = 12;
// ── Activation statistics (issue 15 §2) ─────────────────────────────────────────────────────────
/** The longest date range the activation dashboard shows and exports, in days (not a spec value: two years of days on one chart). */
export const ACTIVATION_RANGE_MAX_DAYS = 731;
/** The range the dashboard opens with, in days ending today (not a rule: the last 30 days). */
export const ACTIVATION_DEFAULT_RANGE_DAYS = 30;
