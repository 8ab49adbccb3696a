// Load at a fixed rate for the latency targets of `npm run bench` ("p99 at N requests/s"): arrivals evenly spaced,
// each sent when it is due whether or not earlier ones have been answered (an open loop, as wrk2 and k6's
// constant-arrival-rate executor do), and each latency counted from when the request was due, so a server that
// falls behind is charged for the wait too (no coordinated omission).
//
// Why not autocannon's `overallRate`: it gives each connection its share of the rate per second and resets the
// share once a second, so each connection sends its share back to back at the start of every second; "100
// requests/s" over 10 connections is a burst of 100 requests, 10 at a time, once a second. That measures how a
// burst queues, not the latency at a rate (docs/performance.md, decision 019).
import http from 'node:http';
import { readFileSync } from 'node:fs';
import os from 'node:os';

const timeoutMs = 10_000;

/** The machine's CPU counters (/proc/stat's first line: user nice system idle iowait irq softirq steal), or null. */
function cpuTimes() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields;
    return { busy: user + nice + system + irq + softirq, idle: idle + iowait, steal };
  } catch {
    return null;
  }
}

/**
 * Between two readings: how busy the machine's cores were (every process, the load generator and the shop
 * included) and the share a virtual machine's host took (steal), in percent of all cores' time.
 */
function cpuBetween(before, after) {
  if (!before || !after) return null;
  const busy = after.busy - before.busy;
  const steal = after.steal - before.steal;
  const total = busy + steal + (after.idle - before.idle);
  if (total <= 0) return null;
  return { busyPercent: Math.round((busy / total) * 1000) / 10, stealPercent: Math.round((steal / total) * 1000) / 10 };
}
const slowestKept = 5;

function percentile(sorted, fraction) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)];
}

/**
 * Runs `task(index, call)` `ratePerSecond` times a second for `durationS` seconds, evenly spaced. `call(request)`
 * sends one HTTP request ({ method, path, headers, body }) and answers { status, body }; the first call of a task
 * is timed from when the task was due, later calls (a checkout's payment after its order) from when they start.
 * Every call's latency counts. Answers the same figures as api-load.mjs's `load`.
 */
export async function pacedLoad(name, { baseUrl, ratePerSecond, durationS, task }) {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;
  let maxInFlight = 0;
  let inFlight = 0;

  function send({ method = 'GET', path, headers = {}, body }, dueAt) {
    return new Promise((resolve) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const finish = (status, text) => {
        inFlight -= 1;
        resolve({ status, body: text });
      };
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path,
          agent,
          headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
          timeout: timeoutMs,
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => {
            const latency = performance.now() - dueAt;
            latencies.push(latency);
            noteSlow({ latencyMs: latency, path, atS: (dueAt - startedAt) / 1000 });
            if (response.statusCode < 200 || response.statusCode > 299) non2xx += 1;
            finish(response.statusCode, Buffer.concat(chunks).toString('utf8'));
          });
        },
      );
      request.on('timeout', () => {
        timeouts += 1;
        request.destroy(new Error('timeout'));
      });
      request.on('error', () => {
        errors += 1;
        finish(0, '');
      });
      if (body !== undefined) request.write(body);
      request.end();
    });
  }

  const intervalMs = 1000 / ratePerSecond;
  const count = Math.round(ratePerSecond * durationS);
  const loadAtStart = Math.round(os.loadavg()[0] * 100) / 100;
  const cpuAtStart = cpuTimes();
  const startedAt = performance.now() + 20;
  // The slowest requests, with when in the step they were due: a step that fails says which requests and when.
  const slowest = [];
  function noteSlow(entry) {
    if (slowest.length === slowestKept && entry.latencyMs <= slowest.at(-1).latencyMs) return;
    slowest.push(entry);
    slowest.sort((a, b) => b.latencyMs - a.latencyMs);
    slowest.length = Math.min(slowest.length, slowestKept);
  }
  const running = [];
  for (let index = 0; index < count; index += 1) {
    const dueAt = startedAt + index * intervalMs;
    const wait = dueAt - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    let first = true;
    const call = (request) => {
      const due = first ? dueAt : performance.now();
      first = false;
      return send(request, due);
    };
    running.push(task(index, call));
  }
  await Promise.all(running);
  const elapsedS = (performance.now() - startedAt) / 1000;
  const cpu = cpuBetween(cpuAtStart, cpuTimes());
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const round = (value) => (value === null ? null : Math.round(value * 10) / 10);
  const summary = {
    name,
    requestsPerSecond: latencies.length / elapsedS,
    requestsTotal: latencies.length,
    tasks: count,
    tasksPerSecond: count / elapsedS,
    latencyP50Ms: round(percentile(latencies, 0.5)),
    latencyP99Ms: round(percentile(latencies, 0.99)),
    latencyMaxMs: round(latencies.at(-1) ?? null),
    non2xx,
    errors,
    timeouts,
    durationS: elapsedS,
    connections: maxInFlight,
    overallRate: ratePerSecond,
    pacing: 'even',
    /** The machine's 1-minute load average when the step started: what else was running shows here. */
    loadAverageAtStart: loadAtStart,
    /** How busy the machine was during the step, and what its host took (steal), in percent of all cores' time. */
    machineCpu: cpu,
    slowest: slowest.map((entry) => ({ ...entry, latencyMs: round(entry.latencyMs), atS: round(entry.atS) })),
  };
  console.log(
    `  ${name}: ${Math.round(summary.requestsPerSecond)} req/s, p50 ${summary.latencyP50Ms} ms, ` +
      `p99 ${summary.latencyP99Ms} ms, non-2xx ${non2xx}, errors ${errors}, at most ${maxInFlight} at once` +
      (cpu ? `; cores ${cpu.busyPercent}% busy, steal ${cpu.stealPercent}%` : ''),
  );
  return summary;
}
