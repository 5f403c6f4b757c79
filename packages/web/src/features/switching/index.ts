/**
 * The switching feature (a switch's ports: VLANs, PoE, PoE reboot) is reached through its page;
 * other features need nothing from it.
 */
export {};
