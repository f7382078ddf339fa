/**
 * `npm run sim`: runs the Media API simulator in real time until Ctrl-C.
 * Port from SIM_PORT (default 8787), token from SIM_TOKEN (default random), balance from
 * SIM_BALANCE_USD (default 100).
 */
import { startSimulator } from './server.ts';

const port = Number(process.env.SIM_PORT ?? 8787);
const balanceUsd = process.env.SIM_BALANCE_USD ? Number(process.env.SIM_BALANCE_USD) : undefined;
const sim = await startSimulator({ port, token: process.env.SIM_TOKEN || undefined, balanceUsd });

console.log(`Media API simulator listening
  base URL: ${sim.baseUrl}
  token:    ${sim.token}

Try:
  curl -s -H 'Authorization: Bearer ${sim.token}' -H 'Content-Type: application/json' \\
    -d '{"model":"lang-4o-image","prompt":"a red fox"}' ${sim.baseUrl}/generations
  curl -s -H 'Authorization: Bearer ${sim.token}' ${sim.baseUrl}/generations/<id>

Ctrl-C to stop.`);

const stop = () => {
  void sim.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
