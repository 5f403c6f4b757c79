/**
 * Issue 10 §6 through the engine: the project's IANA zone travels in every device document (`time`
 * section: zone and POSIX TZ string, docs/protocol.md §7.1), so a Wi-Fi schedule runs on the
 * project's wall clock; changing the zone re-delivers the documents; a device joining later gets it.
 */
import type { Project, SaveConfigResult, WirelessPolicy } from '@netloom/domain';
import { buildWirelessPolicy } from '@netloom/domain/testing';
import { expect, it } from 'vitest';
import { DUAL_BAND_AP, useFakeDeviceProjects } from './configFakeDevice';
import { TEST_KEY } from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

const LISBON = { zone: 'Europe/Lisbon', posix: '<+00>0<+01>-1,M3.5.0/1,M10.5.0/2' };
const NEW_YORK = { zone: 'America/New_York', posix: '<-05>5<-04>4,M3.2.0/2,M11.1.0/2' };

/** A guest network off 08:00–09:00 every day, local time. */
function morningOff(): WirelessPolicy {
  return buildWirelessPolicy({
    key: 'guest01',
    name: 'Guest',
    ssid: 'Guest-WiFi',
    password: 'correct-horse-9',
    schedule: 'Mon-Sun 08:00-09:00',
  });
}

describeEachDb('project time zone in device documents', (kind) => {
  const get = useTestApp(kind, { env: { MQTT_PORT: '0', PROVISIONING_KEY: TEST_KEY } });
  const kit = useFakeDeviceProjects(get, 'NLZ');

  it('sends the zone with the schedule, re-sends on a zone change, and gives it to a device that joins later', async () => {
    const projectId = await kit.newProject();
    const zoned = await kit.owner.patch<Project>(`/api/projects/${projectId}`, { timeZone: 'Europe/Lisbon' });
    expect(zoned.body.data?.timeZone).toBe('Europe/Lisbon');
    const ap = await kit.addDevice(projectId, DUAL_BAND_AP);

    const saved = await kit.owner.call<SaveConfigResult>(
      'PUT',
      `/api/projects/${projectId}/config/wireless`,
      {
        baseVersion: 0,
        settings: { policies: [morningOff()] },
      },
    );
    expect(saved.body.code).toBe(0);
    const first = await ap.dev.waitConfig(1);
    expect(first.document.time).toEqual(LISBON);
    expect(first.document.wireless?.ssids[0]?.schedule).toEqual([
      { days: [0, 1, 2, 3, 4, 5, 6], start: 480, end: 540 },
    ]);

    // The owner moves the project to New York: the same settings, a new version with the new clock.
    const moved = await kit.owner.patch<Project>(`/api/projects/${projectId}`, {
      timeZone: 'America/New_York',
    });
    expect(moved.body.code).toBe(0);
    const second = await ap.dev.waitConfig(first.version + 1);
    expect(second.document.time).toEqual(NEW_YORK);
    expect(second.document.wireless).toEqual(first.document.wireless);

    // A device claimed afterwards gets the project's clock with its first document.
    const late = await kit.addDevice(projectId, DUAL_BAND_AP);
    expect((await late.dev.waitConfig(1)).document.time).toEqual(NEW_YORK);
  });
});
