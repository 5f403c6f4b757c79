/**
 * Error codes 1100–1147 of §8: VLAN identity, membership and address rules. Assembled into `ERR` by
 * `catalogue.ts`. Ranges in the messages come from the limits they state.
 */
import { VLAN_ANY_MAX, VLAN_ANY_MIN, VLAN_DEFAULT_MAX, VLAN_DEFAULT_MIN, VLAN_LIST_MIN } from '../limits';

export const VLAN_ERRORS = {
  VLAN_ID_NOT_INTEGER: { code: 1100, message: 'The VLAN ID must be a whole number.' },
  VLAN_ID_OUT_OF_DEVICE_RANGE: {
    code: 1101,
    message: 'The VLAN ID is outside the range this device supports.',
  },
  VLAN_ID_EXISTS: { code: 1102, message: 'A VLAN with this ID already exists.' },
  VLAN_NAME_EXISTS: { code: 1103, message: 'A VLAN with this name already exists.' },
  VLAN_NAME_RESERVED: { code: 1104, message: 'The VLAN name must not be br0 or IPTV.' },
  VLAN_NAME_INVALID: { code: 1105, message: 'The VLAN name must be 1–32 printable ASCII characters.' },
  VLAN_LIMIT: { code: 1106, message: 'The device already has the maximum number of VLANs.' },
  VLAN_BATCH_LIMIT: { code: 1107, message: 'At most 100 VLANs can be added at once.' },
  VLAN_NOT_FOUND: { code: 1108, message: 'The VLAN does not exist.' },
  VLAN_USED_BY_POLICY: {
    code: 1109,
    message: 'The VLAN is used by a wireless policy and cannot be deleted.',
  },
  VLAN_USED_BY_PORT: {
    code: 1110,
    message: 'The VLAN is assigned to a port. Remove it from the port first.',
  },
  VLAN_DEFAULT_LOCKED: { code: 1111, message: 'The default VLAN cannot be changed or deleted.' },
  VLAN_IP_INVALID: { code: 1112, message: 'The VLAN interface IP address is not valid.' },
  VLAN_MASK_INVALID: { code: 1113, message: 'The VLAN subnet mask is not valid.' },
  VLAN_HOST_ID_INVALID: {
    code: 1114,
    message: 'The VLAN interface IP address must not have a host ID of all 0s or all 1s.',
  },
  VLAN_IP_IN_USE: {
    code: 1115,
    message: 'The VLAN interface IP address is already used by another interface.',
  },
  VLAN_IP_LOOPBACK: { code: 1116, message: 'The VLAN interface IP address must not be a 127.x.x.x address.' },
  VLAN_IP_MULTICAST: {
    code: 1117,
    message: 'The VLAN interface IP address must not be a multicast or reserved address (224 and above).',
  },
  VLAN_IP_EQUALS_MANAGEMENT: {
    code: 1118,
    message: 'The VLAN interface IP address must differ from the device management IP address.',
  },
  VLAN_GATEWAY_OUTSIDE_SEGMENT: { code: 1119, message: 'The VLAN gateway is not in the VLAN segment.' },
  VLAN_POOL_OUTSIDE_SEGMENT: { code: 1120, message: 'The DHCP pool of the VLAN is not in the VLAN segment.' },
  VLAN_DHCP_WITHOUT_IP: {
    code: 1121,
    message: 'DHCP cannot be enabled on a VLAN that has no interface IP address.',
  },
  VLAN_SEGMENT_TOO_SMALL: {
    code: 1122,
    message: 'The VLAN segment is too small for its DHCP pool. Use a shorter subnet mask.',
  },
  VLAN_TAGGED_EQUALS_UNTAGGED: {
    code: 1123,
    message: 'The tagged and untagged VLANs of a port must differ.',
  },
  VLAN_MULTIPLE_UNTAGGED: { code: 1124, message: 'A LAN port can carry only one untagged VLAN.' },
  VLAN_TRUNK_PORT_REQUIRED: { code: 1125, message: 'Select at least one trunk LAN port for the VLAN.' },
  VLAN_TAGGED_OUT_OF_RANGE: {
    code: 1126,
    message: `A tagged VLAN ID must be between ${VLAN_ANY_MIN} and ${VLAN_ANY_MAX}.`,
  },
  VLAN_POLICY_ID_OUT_OF_RANGE: {
    code: 1127,
    message: `The VLAN ID of a wireless policy must be between ${VLAN_ANY_MIN} and ${VLAN_ANY_MAX}.`,
  },
  VLAN_LIST_MALFORMED: {
    code: 1128,
    message: 'The VLAN list is malformed. Use IDs and ranges such as 10-13, separated by commas.',
  },
  VLAN_RANGE_REVERSED: { code: 1129, message: 'The start of a VLAN range must not be greater than its end.' },
  VLAN_LIST_DUPLICATE: { code: 1130, message: 'The VLAN list contains the same ID more than once.' },
  VLAN_LIST_OUT_OF_RANGE: {
    code: 1131,
    message: `Every VLAN in the list must be between ${VLAN_LIST_MIN} and ${VLAN_ANY_MAX}.`,
  },
  VLAN_ROUTER_RULE_OUT_OF_RANGE: {
    code: 1132,
    message: `The VLAN ID of a router rule must be between ${VLAN_DEFAULT_MIN} and ${VLAN_DEFAULT_MAX}.`,
  },
  VLAN_MODEL_UNSUPPORTED: { code: 1133, message: 'This device model does not support VLAN configuration.' },
  VLAN_NOT_ON_UPLINK: {
    code: 1134,
    message: 'The VLAN is not allowed on the uplink port, so its traffic cannot reach the gateway.',
  },
  VLAN_PVID_NOT_MEMBER: { code: 1135, message: 'The port VLAN ID (PVID) must be one of the port VLANs.' },
  VLAN_ON_AGGREGATED_MEMBER: {
    code: 1136,
    message: 'VLANs cannot be set on a member of a link aggregation group. Configure the group instead.',
  },
  VLAN_ACCESS_PORT_MULTIPLE: { code: 1137, message: 'An access port can belong to only one VLAN.' },
  VLAN_ON_WAN_PORT: { code: 1138, message: 'A LAN VLAN cannot be bound to a WAN port.' },
  VLAN_CONFLICTS_WAN_VLAN: { code: 1139, message: 'The VLAN ID is already used as the WAN VLAN ID.' },
  VLAN_CONFLICTS_IPTV_VLAN: { code: 1140, message: 'The VLAN ID is already used as the IPTV VLAN ID.' },
  VLAN_GUEST_RESERVED: {
    code: 1141,
    message: 'The VLAN of the guest network cannot be used for a wired VLAN.',
  },
  VLAN_NO_MEMBER_PORTS: { code: 1142, message: 'Select at least one member port for the VLAN.' },
  VLAN_IP_CONFLICTS_STATIC_ROUTE: {
    code: 1143,
    message: 'The VLAN segment conflicts with the destination of a static route.',
  },
  VLAN_IP_CONFLICTS_PORT_MAPPING: {
    code: 1144,
    message: 'The VLAN segment no longer contains the internal server of a port mapping rule.',
  },
  VLAN_DNS_INVALID: { code: 1145, message: 'A DNS server address of the VLAN is not valid.' },
  VLAN_LEASE_OUT_OF_RANGE: { code: 1146, message: 'The DHCP lease time of the VLAN is out of range.' },
  VLAN_MANAGEMENT_LOCKED: {
    code: 1147,
    message: 'The management VLAN cannot be deleted while devices are managed through it.',
  },
} as const;
