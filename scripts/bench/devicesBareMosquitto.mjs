// The bare-broker baseline of the external-mode devices bench, run as its own process: one MQTT
// client on a bare Mosquitto subscribed (QoS 1, MQTT 5, as the console subscribes) to the device up
// topics, counting; the connected clients from $SYS (minus itself). Usage: devicesBareMosquitto.mjs
// <port>. Prints {"ready":true} once subscribed, then {"at","delivered","clients"} every 500 ms.
import mqtt from 'mqtt';

const port = Number(process.argv[2]);
const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
  protocolVersion: 5,
  clientId: `bench-bare-${process.pid}`,
  clean: true,
});
let delivered = 0;
let clients = 0;
client.on('message', (topic, payload) => {
  if (topic === '$SYS/broker/clients/connected') clients = Math.max(0, Number(String(payload)) - 1);
  else delivered++;
});
await client.subscribeAsync({ 'netloom/v1/+/up/#': { qos: 1 }, '$SYS/broker/clients/connected': { qos: 0 } });
console.log(JSON.stringify({ ready: true }));
setInterval(() => console.log(JSON.stringify({ at: Date.now(), delivered, clients })), 500);
process.on('SIGTERM', () => process.exit(0));
