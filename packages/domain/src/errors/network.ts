/**
 * Error codes of §8 about IP segments (103–127: IP, VLAN and WAN segment conflicts) and DHCP pools
 * (713–740). Assembled into `ERR` by `catalogue.ts`.
 */
export const NETWORK_ERRORS = {
  VLAN_IP_OVERLAPS_LAN: { code: 103, message: 'The VLAN IP address overlaps the LAN segment.' },
  VLAN_IP_OVERLAPS_WAN: { code: 104, message: 'The VLAN IP address overlaps the WAN segment.' },
  VLAN_IP_OVERLAPS_GUEST: { code: 105, message: 'The VLAN IP address overlaps the guest network segment.' },
  VLAN_IP_OVERLAPS_PPPOE: { code: 106, message: 'The VLAN IP address overlaps the PPPoE server segment.' },
  VLAN_IP_OVERLAPS_PPTP: { code: 107, message: 'The VLAN IP address overlaps the PPTP segment.' },
  VLAN_IP_OVERLAPS_L2TP: { code: 108, message: 'The VLAN IP address overlaps the L2TP segment.' },
  VLAN_IP_OVERLAPS_VLAN: { code: 109, message: 'The VLAN IP address overlaps the segment of another VLAN.' },
  LAN_IP_OVERLAPS_WAN: { code: 110, message: 'The LAN IP address overlaps the WAN segment.' },
  LAN_IP_OVERLAPS_GUEST: { code: 111, message: 'The LAN IP address overlaps the guest network segment.' },
  LAN_IP_OVERLAPS_VLAN: { code: 112, message: 'The LAN IP address overlaps a VLAN segment.' },
  LAN_IP_OVERLAPS_PPPOE: { code: 113, message: 'The LAN IP address overlaps the PPPoE server segment.' },
  LAN_IP_OVERLAPS_VPN: { code: 114, message: 'The LAN IP address overlaps a PPTP or L2TP client segment.' },
  WAN_IP_OVERLAPS_LAN: { code: 115, message: 'The WAN IP address is in the LAN segment.' },
  WAN_IP_OVERLAPS_VLAN: { code: 116, message: 'The WAN IP address is in a VLAN segment.' },
  WAN_IP_OVERLAPS_GUEST: { code: 117, message: 'The WAN IP address is in the guest network segment.' },
  WAN_IP_OVERLAPS_OTHER_WAN: {
    code: 118,
    message: 'The WAN IP address is in the segment of another WAN port.',
  },
  WAN_GATEWAY_OUTSIDE_SEGMENT: {
    code: 119,
    message: 'The WAN gateway is not in the same segment as the WAN IP address.',
  },
  WAN_IP_EQUALS_GATEWAY: { code: 120, message: 'The WAN IP address must differ from the WAN gateway.' },
  GUEST_OVERLAPS_LAN: { code: 121, message: 'The guest network segment overlaps the LAN segment.' },
  GUEST_OVERLAPS_VLAN: { code: 122, message: 'The guest network segment overlaps a VLAN segment.' },
  PPPOE_POOL_OVERLAPS_LAN: { code: 123, message: 'The PPPoE server address pool overlaps the LAN segment.' },
  VPN_POOL_OVERLAPS_LAN: { code: 124, message: 'The VPN client address pool overlaps the LAN segment.' },
  MANAGEMENT_IP_EQUALS_LAN: {
    code: 125,
    message: 'The management IP address must differ from the LAN IP address.',
  },
  MANAGEMENT_IP_OUT_OF_RANGE: {
    code: 126,
    message: 'The management IP address must be in 10.x.x.x, 172.16–31.x.x or 192.168.x.x.',
  },
  SEGMENT_IN_USE: {
    code: 127,
    message: 'The IP address conflicts with a segment already used on the device.',
  },
  RULE_REFERENCED: {
    code: 131,
    message: 'The rule is referenced by another configuration and cannot be deleted.',
  },
  DHCP_POOL_NAME_EXISTS: { code: 713, message: 'A DHCP pool with this name already exists.' },
  DHCP_POOL_NAME_INVALID: {
    code: 714,
    message: 'The DHCP pool name must be 1–32 letters, digits or underscores.',
  },
  DHCP_POOL_START_INVALID: { code: 715, message: 'The DHCP pool start address is not a valid IP address.' },
  DHCP_POOL_END_INVALID: { code: 716, message: 'The DHCP pool end address is not a valid IP address.' },
  DHCP_POOL_END_BEFORE_START: {
    code: 717,
    message: 'The DHCP pool end address must come after the start address.',
  },
  DHCP_POOL_NOT_ONE_SEGMENT: {
    code: 718,
    message: 'The DHCP pool start and end addresses must be in the same segment.',
  },
  DHCP_POOL_OUT_OF_RANGE: {
    code: 719,
    message: 'The DHCP pool lies outside the address range allowed for its interface.',
  },
  DHCP_POOL_OVERLAPS_POOL: { code: 720, message: 'The DHCP pool overlaps another DHCP pool.' },
  DHCP_POOL_CONTAINS_GATEWAY: { code: 721, message: 'The DHCP pool must not contain the gateway address.' },
  DHCP_GATEWAY_INVALID: { code: 722, message: 'The DHCP gateway is not a valid gateway address.' },
  DHCP_GATEWAY_OUTSIDE_SEGMENT: {
    code: 723,
    message: 'The DHCP gateway is not in the same segment as the address pool.',
  },
  DHCP_MASK_INVALID: { code: 724, message: 'The DHCP subnet mask is not valid.' },
  DHCP_DNS_INVALID: { code: 725, message: 'A DNS server address of the DHCP pool is not valid.' },
  DHCP_DNS_DUPLICATE: { code: 726, message: 'The primary and secondary DNS servers must differ.' },
  DHCP_DNS_TOO_MANY: { code: 727, message: 'A DHCP pool can hand out at most two DNS servers.' },
  DHCP_LEASE_OUT_OF_RANGE: { code: 728, message: 'The DHCP lease time must be 30–10080 minutes.' },
  DHCP_POOL_LIMIT: { code: 729, message: 'The device already has the maximum number of DHCP pools.' },
  DHCP_POOL_IN_USE: { code: 730, message: 'The DHCP pool is used by a VLAN and cannot be deleted.' },
  DHCP_POOL_NOT_FOUND: { code: 731, message: 'The DHCP pool does not exist.' },
  DHCP_INTERFACE_MISSING: { code: 732, message: 'The interface this DHCP pool serves does not exist.' },
  DHCP_INTERFACE_HAS_POOL: { code: 733, message: 'The interface already has a DHCP pool.' },
  DHCP_POOL_EMPTY: { code: 734, message: 'The DHCP pool must contain at least one usable address.' },
  DHCP_POOL_CONTAINS_NETWORK_OR_BROADCAST: {
    code: 735,
    message: 'The DHCP pool must not contain the network or broadcast address.',
  },
  DHCP_RESERVATION_OUTSIDE_POOL: { code: 736, message: 'The reserved address is outside the DHCP pool.' },
  DHCP_RESERVATION_MAC_EXISTS: { code: 737, message: 'This MAC address already has a reserved address.' },
  DHCP_RESERVATION_IP_EXISTS: {
    code: 738,
    message: 'This IP address is already reserved for another client.',
  },
  DHCP_RESERVATION_LIMIT: {
    code: 739,
    message: 'The maximum number of reserved addresses has been reached.',
  },
  DHCP_SERVER_DISABLED: {
    code: 740,
    message: 'The DHCP server is disabled on this interface. Enable it first.',
  },
} as const;
