// A load generator at a fixed rate, for the latency figure of `npm run bench` (wrk2 is not in
// Debian, and wrk itself sends as fast as it can). Keep-alive HTTP/1.1 over `connections`
// sockets; a request that finds every socket busy waits in a queue and its latency counts from
// when it was due, so a server that stalls is not excused by the load easing off (coordinated
// omission). The first half second warms up and is not counted. Prints one JSON line.
//
// Usage: node paced-load.mjs <origin> <path> <query tail> <rate/s> <seconds> <connections> [seed]
// With a seed, each request asks for random coordinates worldwide (as random-coordinates.lua);
// without, it asks for `path` + `query tail` every time.
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import { median } from './figures.mjs';

const [
  origin = '',
  path = '/',
  tail = '',
  rateText = '2000',
  secondsText = '3',
  connectionsText = '50',
  seedText,
] = process.argv.slice(2);
const { hostname, port } = new URL(origin);
const rate = Number(rateText);
const WARMUP_MS = 500;
const durationMs = Number(secondsText) * 1000 + WARMUP_MS;

/**
 * mulberry32: a small seeded generator, so a run can be repeated.
 * @param {number} seed
 */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const next = seedText === undefined ? undefined : random(Number(seedText));
/** @param {number} hundredths */
const degrees = (hundredths) =>
  (Math.floor((next?.() ?? 0) * (2 * hundredths + 1)) - hundredths) / 100;
const target = () =>
  next === undefined
    ? `${path}${tail}`
    : `${path}?lat=${degrees(9000).toFixed(2)}&lon=${degrees(18000).toFixed(2)}${tail}`;

/** @type {number[]} */
const latencies = [];
let errors = 0;
let non2xx = 0;
let queued = 0;
let completed = 0;

/**
 * @typedef {{ socket: import('node:net').Socket, busy: boolean, start: number, counted: boolean, pending: Buffer }} Connection
 */
/** @type {Connection[]} */
const idle = [];
/** @type {{ start: number, counted: boolean }[]} */
const waiting = [];

/**
 * @param {Connection} connection
 * @param {{ start: number, counted: boolean }} request
 */
function send(connection, request) {
  connection.busy = true;
  connection.start = request.start;
  connection.counted = request.counted;
  connection.socket.write(`GET ${target()} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`);
}

/** @param {Connection} connection */
function release(connection) {
  connection.busy = false;
  const request = waiting.shift();
  if (request) send(connection, request);
  else idle.push(connection);
}

/** @param {Connection} connection */
function onData(connection) {
  const headEnd = connection.pending.indexOf('\r\n\r\n');
  if (headEnd < 0) return;
  const head = connection.pending.toString('latin1', 0, headEnd);
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (!length) {
    errors++;
    connection.socket.destroy();
    return;
  }
  const total = headEnd + 4 + Number(length[1]);
  if (connection.pending.length < total) return;
  connection.pending = connection.pending.subarray(total);
  const status = Number(head.slice(9, 12));
  if (status < 200 || status > 299) non2xx++;
  completed++;
  if (connection.counted) latencies.push(performance.now() - connection.start);
  release(connection);
}

/** @returns {Promise<Connection>} */
function open() {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), noDelay: true });
    /** @type {Connection} */
    const connection = { socket, busy: false, start: 0, counted: false, pending: Buffer.alloc(0) };
    socket.on('connect', () => resolve(connection));
    socket.on('data', (/** @type {Buffer} */ chunk) => {
      connection.pending =
        connection.pending.length === 0 ? chunk : Buffer.concat([connection.pending, chunk]);
      onData(connection);
    });
    socket.on('error', reject);
    socket.on('close', () => {
      if (finished) return;
      // The server closed the socket: an error for a request in flight, and a new socket in its
      // place either way.
      if (connection.busy) errors++;
      const index = idle.indexOf(connection);
      if (index >= 0) idle.splice(index, 1);
      void open().then(release, () => errors++);
    });
  });
}

let finished = false;
idle.push(...(await Promise.all(Array.from({ length: Number(connectionsText) }, open))));
const started = performance.now();
let due = 0;
const timer = setInterval(() => {
  const now = performance.now();
  const until = Math.min(
    Math.floor(((now - started) * rate) / 1000),
    Math.floor((durationMs * rate) / 1000),
  );
  for (; due < until; due++) {
    const counted = (due * 1000) / rate >= WARMUP_MS;
    const connection = idle.pop();
    if (connection) send(connection, { start: now, counted });
    else {
      queued++;
      waiting.push({ start: started + (due * 1000) / rate, counted });
    }
  }
  if (now - started >= durationMs) clearInterval(timer);
}, 1);

// Everything sent; wait for answers in flight (bounded), then report.
await new Promise((resolve) => setTimeout(resolve, durationMs + 50));
const deadline = performance.now() + 5000;
while (completed + errors < due && performance.now() < deadline)
  await new Promise((resolve) => setTimeout(resolve, 10));
finished = true;
const lost = due - completed - errors;
latencies.sort((a, b) => a - b);
process.stdout.write(
  `${JSON.stringify({
    requests: due,
    completed,
    errors: errors + lost,
    non2xx,
    queued,
    p50: median(latencies),
    p99: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? NaN,
  })}\n`,
);
process.exit(0);
