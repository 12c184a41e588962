// The events import's parser thread (issue 24): reads one source at a time, sent by
// parse-pool.ts, so that a hostile calendar cannot hold the server's event loop. Plain
// JavaScript that registers tsx itself, so that it loads the TypeScript parser whether the
// server runs under `node --import tsx` (npm start) or under vitest.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { parseBudget, parseSource } = await import('./parse.ts');

parentPort.on('message', ({ text, now, timeMs, steps }) => {
  try {
    const budget = parseBudget(timeMs, steps);
    const events = parseSource(text, new Date(now), budget);
    parentPort.postMessage({ ok: true, events, cut: budget.cut });
  } catch (err) {
    parentPort.postMessage({
      ok: false,
      status: err?.statusCode ?? 400,
      message: String(err?.message ?? err),
    });
  }
});
parentPort.postMessage('ready');
