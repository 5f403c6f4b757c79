/**
 * Test factories (`@netloom/domain/testing`): fixtures built through the domain schemas, shared by
 * the tests of every package so a fixture is written once and is always valid in shape.
 */
export { buildConfigTarget } from './config';
export { buildWirelessPolicy } from './wireless';
