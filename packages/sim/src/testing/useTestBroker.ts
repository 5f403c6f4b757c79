/**
 * A test file's broker and fleets (tests only): the test broker started before the file's tests and
 * closed after them; each test's fleet, started here, stopped after its test, and the broker's record
 * of received messages cleared between tests.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createFleet, type Fleet, type FleetOptions } from '../fleet';
import { startTestBroker, type TestBroker } from './broker';

export function useTestBroker(provisioningKey: string) {
  let broker: TestBroker | undefined;
  let fleet: Fleet | undefined;
  beforeAll(async () => {
    broker = await startTestBroker(provisioningKey);
  });
  afterAll(async () => {
    await broker?.close();
  });
  afterEach(async () => {
    await fleet?.stop();
    fleet = undefined;
    if (broker) broker.received.length = 0;
  });
  const started = (): TestBroker => {
    if (!broker) throw new Error('the test broker starts before the tests');
    return broker;
  };
  return {
    get broker(): TestBroker {
      return started();
    },
    /** Creates and starts this test's fleet on the broker (stopped after the test). */
    start(options: Omit<FleetOptions, 'url' | 'provisioningKey'>): Fleet {
      fleet = createFleet({ url: started().url, provisioningKey, ...options });
      fleet.start();
      return fleet;
    },
  };
}
