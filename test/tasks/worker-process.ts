/**
 * A service process for the multi-process task tests: the app as configured by the environment, on a free port,
 * printing `{"port": N}` once its task workers run. Killed by the test (SIGKILL) or stopped with SIGTERM.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/config.js';

const app = createApp(loadConfig(process.env));
await app.ready();
const server = createServer(app.handleNode);
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
});
process.on('SIGTERM', () => {
  server.close();
  void app.close().finally(() => process.exit(0));
});
