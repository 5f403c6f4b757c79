/**
 * Where simulated devices connect: the console's embedded MQTT broker, as its `Netloom console
 * ready` log line announces it (`mqtt: { tcpPort, websocket }`). Global setup reads it and hands it
 * to the workers through environment variables.
 */

/** `mqtt://127.0.0.1:<port>` (TCP, as firmware connects), or the WebSocket URL without a TCP port. */
export const MQTT_URL_ENV = 'NETLOOM_E2E_MQTT_URL';
/** `ws://127.0.0.1:<http port>/mqtt`. */
export const MQTT_WS_URL_ENV = 'NETLOOM_E2E_MQTT_WS_URL';

export interface ReadyMqtt {
  url: string;
  websocket: string;
}

/** The broker endpoints from the server output's ready line; null for an external broker. */
export function readyMqtt(output: string): ReadyMqtt | null {
  for (const line of output.split('\n')) {
    if (!line.trim().startsWith('{')) continue;
    let record: { msg?: unknown; mqtt?: unknown };
    try {
      record = JSON.parse(line) as typeof record;
    } catch {
      continue;
    }
    if (record.msg !== 'Netloom console ready') continue;
    const mqtt = record.mqtt as { tcpPort?: unknown; websocket?: unknown } | string | undefined;
    if (typeof mqtt !== 'object' || typeof mqtt.websocket !== 'string') return null;
    // The TCP port is null when it was taken: the broker then serves WebSocket only.
    const url = typeof mqtt.tcpPort === 'number' ? `mqtt://127.0.0.1:${mqtt.tcpPort}` : mqtt.websocket;
    return { url, websocket: mqtt.websocket };
  }
  return null;
}

/** The broker URL for simulated devices (set by global setup). */
export function mqttUrl(): string {
  const url = process.env[MQTT_URL_ENV];
  if (!url) {
    throw new Error(
      `${MQTT_URL_ENV} is not set: run the suite through e2e/playwright.config.ts against a console with the embedded broker.`,
    );
  }
  return url;
}
