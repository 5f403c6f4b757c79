/** The network topology's rules beyond its API (`api/topology.ts`): the VLAN view. */
export * from './vlanView';
